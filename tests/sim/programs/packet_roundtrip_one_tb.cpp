// A chunk sent to itself as packets on one thread block: copy_packets of
// input[0:2] into scratch on thread block 1, then unpack_packets of those
// packets back into input[0:2] over the group {0, 1}, so thread block 1
// unpacks the second half with other threads than the ones that copied it.
// Thread k of the unpack writes element e only after it reads the packet
// that the copy's thread stored from element e, after reading it: the
// packet orders the copy's read before the unpack's write, with or without
// the nop the compiler puts between them.
// tests/sim/plans/packet_roundtrip_one_tb.no_nop.json is this program's plan
// without that nop, which must pass too; packet_roundtrip_shifted.no_nop.json
// is the plan of the same program changed to unpack into input[1:3] (3
// input chunks, on thread block 0 alone), without its nop: input[1] is then
// written from the packets of input[0], a race the simulator must report.
// packet_roundtrip_second_store.no_nop.json stores input[2:4] and then
// input[0:2] into the same packets in one run before unpacking packet 1 into
// input[1], without a nop: the unpack may take the first store's packet, so
// the packet does not order the second copy's read (a race, reported).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void packet_roundtrip_one_tb() {
  TestCollective collective(1, 2, 2);
  CollectiveProgram program("packet_roundtrip_one_tb", collective, 1,
                            {.protocol = Protocol::LL});
  Buffer scratch(0, 2);
  Rank rank(0);
  Chunk in = rank.get_input_buffer().slice(0, 2);
  rank.copy_packets(scratch.slice(0, 2), in, {.tb = 1});
  rank.unpack_packets(in, scratch.slice(0, 2),
                      {.tb_group = ThreadBlockGroup({0, 1})});
}
