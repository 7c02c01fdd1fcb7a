// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An op given both tb and tb_group.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void tb_and_tb_group() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("tb_and_tb_group", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  ThreadBlockGroup group({0, 1});
  // expected-error@+1 {{copy got both tb and tb_group}}
  r.copy(out.slice(0, 2), in.slice(0, 2), {.tb = 0, .tb_group = group});
}
