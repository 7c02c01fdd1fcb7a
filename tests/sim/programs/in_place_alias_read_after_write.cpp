// An in-place AllReduce whose reduction writes the sum through the output's
// name (o[0:4]) and whose next op, on the same thread block, reads two of
// those chunks through the input's name (i[1:3], a staging copy). In place
// the two are the same bytes (executor-semantics §6.1), read at another
// offset than the reduction wrote them, so the copy must wait for it: mscclc
// compares input and output chunks where their bytes are (InPlaceAliases)
// and puts a nop between them; the reference sees two buffers and adds
// none, and the simulator reports the race in its plan.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void in_place_alias_read_after_write() {
  AllReduce collective(2, 2, /*inplace=*/true);
  CollectiveProgram program("in_place_alias_read_after_write", collective, 2);
  Buffer scratches[2] = {Buffer(0, 6), Buffer(1, 6)};
  for (int r = 0; r < 2; ++r) {
    const int peer = 1 - r;
    Rank rank(r);
    MemoryChannel ch(peer, r);
    BaseBuffer in = rank.get_input_buffer();
    BaseBuffer out = rank.get_output_buffer();
    Buffer &scratch = scratches[r];
    Buffer &peerScratch = scratches[peer];
    ch.signal({.tb = 0, .relaxed = true});
    ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    ch.put(peerScratch.slice(0, 4), in.slice(0, 4), {.tb = 0});
    ch.signal({.tb = 0, .data_sync = SyncType::before});
    ch.wait({.tb = 0, .data_sync = SyncType::after});
    rank.reduce(in.slice(0, 4), {scratch.slice(0, 4)},
                {.tb = 0, .dst_chunk = out.slice(0, 4)});
    rank.copy(scratch.slice(4, 6), in.slice(1, 3), {.tb = 0});
  }
}
