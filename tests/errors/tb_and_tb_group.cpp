// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An op given both tb and tb_group is that thread block's share of the
// group's split (as in the reference DSL), so tb must be in the group.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void tb_and_tb_group() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("tb_and_tb_group", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  ThreadBlockGroup group({0, 1});
  // expected-error@+1 {{copy got tb 2 and a tb_group that does not contain it; with both, the op is thread block 2's share of the group's split, so put 2 in the group and record the op on the group's other thread blocks too (or give tb_group alone, which records the op on every thread block of the group)}}
  r.copy(out.slice(0, 2), in.slice(0, 2), {.tb = 2, .tb_group = group});
}
