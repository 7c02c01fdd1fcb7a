// The first read of a global constant runs its initialiser (a loop of
// steps) from inside a compiled integer expression.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

constexpr int heavy() {
  int s = 0;
  for (int i = 0; i < 50; ++i)
    s = s + i;
  return s;
}
const int kHeavy = heavy();

MSCCLPP_ALGORITHM void step_limit_global_read() {
  AllGather collective(2, 1, true);
  CollectiveProgram program("step_limit_global_read", collective, 2);
  int x = 1, y = 2;
  int r = (x + kHeavy) * (y + 1) + (x ^ y) - (x | y) + (y & 3) + x * y * y;
  Buffer scratch(0, r);
}
