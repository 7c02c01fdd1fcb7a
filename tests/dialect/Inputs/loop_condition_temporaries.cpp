// A loop whose condition calls a function taking references to a
// temporary (`lim(n, 4000000)`): each evaluation of the condition makes a
// temporary for the constant, which ends with the condition, as in C++
// (tests/dialect/loop_condition_temporaries.test).
#include <cstdio>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

static int lim(const int &a, const int &b) { return a < b ? b : a; }

MSCCLPP_ALGORITHM void loop_condition_temporaries(int n = 3) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("loop_condition_temporaries", collective, 1);
  long sum = 0;
  for (int i = 0; i < lim(n, 4000000); ++i)
    sum += 1;
  std::printf("loop sum %ld\n", sum);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
