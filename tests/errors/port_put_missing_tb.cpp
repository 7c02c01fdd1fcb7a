// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A port channel's put takes TbOptions, which has no tb_group: the error
// for a missing thread block suggests only .tb (it suggested a
// .tb_group the options do not have).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void port_put_missing_tb() {
  AllGather collective(2, 1, false);
  CollectiveProgram program("port_put_missing_tb", collective, 2);
  PortChannel channel(1, 0);
  Chunk src = Rank(0).get_input_buffer().slice(0, 1);
  Chunk dst = Rank(1).get_output_buffer().slice(0, 1);
  channel.put(dst, src); // expected-error {{put needs a thread block: pass .tb = N}}
}
