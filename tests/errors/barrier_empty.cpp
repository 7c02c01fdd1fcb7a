// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A barrier with an empty thread block list.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void barrier_empty() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("barrier_empty", collective, 2);
  Rank r(0);
  r.barrier({}); // expected-error {{barrier needs at least one thread block}}
}
