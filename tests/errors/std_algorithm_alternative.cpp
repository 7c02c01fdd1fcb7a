// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Standard algorithms take iterators; the error says to write the loop.
#include <numeric>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_algorithm_alternative() {
  std::vector<int> tbs(4);
  std::iota(tbs.begin(), tbs.end(), 0); // expected-error {{'std::iota' is not supported in algorithm code; standard algorithms work on iterators, which are not supported: write the loop}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
}
