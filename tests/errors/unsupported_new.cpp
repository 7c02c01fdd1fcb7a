// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Unsupported construct: dynamic allocation with new.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void unsupported_new() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("unsupported_new", collective, 2);
  // expected-error@+1 {{dynamic allocation is not supported in algorithm code}}
  int *peer = new int(1);
  MemoryChannel ch(*peer, 0);
}
