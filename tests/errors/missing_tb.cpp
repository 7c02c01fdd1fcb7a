// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An op given neither tb nor tb_group.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void missing_tb() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("missing_tb", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  // expected-error@+1 {{copy needs a thread block: pass .tb = N or .tb_group = group}}
  r.copy(out.slice(0, 1), in.slice(0, 1), {});
}
