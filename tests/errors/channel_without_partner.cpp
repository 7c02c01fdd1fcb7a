// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Two memory channels from rank 0 to rank 1 but one back: the executor
// pairs the k-th channel of each side, so a signal on the second has no
// partner and is never seen. The reference writes such a plan silently.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void channel_without_partner() {
  CollectiveProgram prog("p", TestCollective(2, 1, 1), 2);
  MemoryChannel a(1, 0), b(1, 0);
  MemoryChannel back(0, 1);
  // expected-error@+2 {{op "signal" uses the 2nd memory channel from rank 0 to rank 1, which has no partner}}
  // expected-note@+1 {{declare as many channels of this type from each rank to the other}}
  b.signal({.tb = 0});
  back.wait({.tb = 0});
}
