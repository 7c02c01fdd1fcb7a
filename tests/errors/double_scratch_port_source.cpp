// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=double-scratch-non-packet %s
// use_double_scratch_buffer with a port-channel put from this rank's
// scratch: unpack_packets writes the unit at the launch's half offset,
// the proxy reads it without one, so every other launch forwards the
// other half's stale data (found by tests/differential/correct.py: a relay
// of an AllToAll block through a peer's scratch).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void double_scratch_port_source() {
  AllToAll collective(3, 1, false);
  CollectiveProgram program("p", collective, 3,
                            {.protocol = Protocol::LL,
                             .use_double_scratch_buffer = true});
  Buffer staging(1, 1);
  Buffer landing(1, 1);
  // Every rank's scratch the same size, as double buffering needs.
  Buffer pad0(0, 2);
  Buffer pad2(2, 2);
  MemoryChannel toRelay(1, 2);
  PortChannel toDest(0, 1);
  PortChannel back(1, 0);
  // Rank 2's block for rank 0 travels through rank 1's scratch.
  toRelay.put_packets(landing.slice(0, 1),
                      Rank(2).get_input_buffer().slice(0, 1), {.tb = 0});
  Rank(1).unpack_packets(staging.slice(0, 1), landing.slice(0, 1), {.tb = 0});
  // expected-warning@+2 {{rank 1 thread block 0: with use_double_scratch_buffer, the port channel's proxy reads this op's source from this rank's scratch without the half offset that local ops add when they write it: on every other launch it sends the other half's stale data}}
  // expected-note@+1 {{fix: send from the input or output buffer, use copy_packets and read_put_packets, or disable use_double_scratch_buffer}}
  toDest.put_with_signal(Rank(0).get_output_buffer().slice(2, 3),
                         staging.slice(0, 1), {.tb = 0});
  back.wait({.tb = 0});
}
