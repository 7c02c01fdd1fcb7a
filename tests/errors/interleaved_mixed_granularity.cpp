// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// With two interleaved instances, the same region is accessed as [0:2] and
// as [0:1]; replication would place the instances of the two inconsistently.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void interleaved_mixed_granularity() {
  TestCollective collective(1, 2, 2);
  CollectiveProgram program("interleaved_mixed_granularity", collective, 1,
                            {.instances = 2});
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  r.copy(out.slice(0, 2), in.slice(0, 2), {.tb = 0}); // expected-note {{input[0:2] is accessed here}}
  // expected-note@+2 {{the instances still pair up when every transfer of the region splits it the same way at both ends (the reference DSL accepts such programs): -Wno-error=interleaved-granularity accepts it as a warning; then check the plan with 'mscclc sim'}}
  // expected-error@+1 {{with instances = 2, rank 0's chunks input[0:2] and input[0:1] overlap without being the same slice; interleaved replication would place their instances inconsistently. Access each region with identical or disjoint slices}}
  r.copy(out.slice(1, 2), in.slice(0, 1), {.tb = 1});
}
