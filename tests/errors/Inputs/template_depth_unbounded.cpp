// A template recursion without a base case: Clang stops at its depth limit.
#include <mscclpp/dsl.hpp>
template <int N> struct Depth {
  static constexpr int value = Depth<N + 1>::value;
};
MSCCLPP_ALGORITHM void template_depth_unbounded() {
  int depth = Depth<0>::value;
  (void)depth;
}
