// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A parameter check that throws a standard exception, reached: the compile
// stops at the throw with the exception's message (in C++ nothing in the
// algorithm catches it). The same check passing is not an error
// (tests/dialect/throw_not_reached.test).
#include <mscclpp/dsl.hpp>
#include <stdexcept>
#include <string>
using namespace mscclpp::dsl;

static int checkedRanks(int n) {
  if (n % 2 != 0)
    throw std::runtime_error("num_gpus must be even, got " + std::to_string(n)); // expected-error {{the algorithm throws std::runtime_error("num_gpus must be even, got 3"), which nothing in algorithm code can catch: the compile stops here}}
  return n;
}

MSCCLPP_ALGORITHM void throw_reached_std_exception(int num_gpus = 3) {
  if (num_gpus < 2)
    throw std::invalid_argument("num_gpus must be at least 2");
  AllGather collective(checkedRanks(num_gpus), 1, true); // expected-note {{in call to 'checkedRanks(3)'}}
  CollectiveProgram program("p", collective, num_gpus);
}
