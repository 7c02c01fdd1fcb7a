// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::accumulate sums; another operation is refused with the loop to write.
#include <numeric>
#include <functional>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void accumulate_operation(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{1, 2}; int p = std::accumulate(v.begin(), v.end(), 1, std::multiplies<int>()); (void)p; // expected-error {{std::accumulate with an operation other than std::plus is not supported in algorithm code; write the loop}}
}
