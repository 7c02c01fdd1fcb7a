// The ending of a test input whose `static void body()` is run both ways:
// compiled natively, main() runs it; under mscclc, the algorithm `name`
// runs it and records one copy, so that there is a plan. The .test that
// uses the input compares the lines the two print.
#pragma once

#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#define NATIVE_COMPARED_ALGORITHM(name)                                        \
  MSCCLPP_ALGORITHM void name() {                                              \
    mscclpp::dsl::TestCollective collective(1, 1, 1);                          \
    mscclpp::dsl::CollectiveProgram program(#name, collective, 1);             \
    body();                                                                    \
    mscclpp::dsl::Rank(0).copy(                                                \
        mscclpp::dsl::Rank(0).get_output_buffer().slice(0, 1),                 \
        mscclpp::dsl::Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});      \
  }
#else
#define NATIVE_COMPARED_ALGORITHM(name)                                        \
  int main() { body(); }
#endif
