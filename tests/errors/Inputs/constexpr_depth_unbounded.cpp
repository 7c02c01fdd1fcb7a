// A constexpr recursion deeper than Clang's limit of 512 calls.
#include <mscclpp/dsl.hpp>
constexpr int countDown(int n) { return n == 0 ? 0 : 1 + countDown(n - 1); }
MSCCLPP_ALGORITHM void constexpr_depth_unbounded() {
  constexpr int depth = countDown(100000);
  (void)depth;
}
