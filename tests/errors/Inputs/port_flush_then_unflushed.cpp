// Two ranks, one port channel each way, in-place AllGather through a
// scratch staging chunk. A flush drains what its channel carried up to
// it, not the transfers pushed after it:
//   mode 0: put_with_signal_and_flush of the own chunk, then a
//           put_with_signal of the staging chunk (not flushed); after both
//           signals the staging chunk is overwritten while the proxy may
//           still be reading it;
//   mode 1: the same with put_with_signal for both (nothing flushed);
//   mode 2: flush first, then a put of the staging chunk: the flush drains
//           nothing of it;
//   mode 3: put_with_signal_and_flush of the staging chunk last: correct.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void port_flush_then_unflushed(int mode = 0) {
  AllGather collective(2, 1, /*inplace=*/true);
  CollectiveProgram program("port_flush_then_unflushed", collective, 2);
  std::vector<Buffer> scratch;
  for (int r = 0; r < 2; ++r)
    scratch.emplace_back(r, 2);
  for (int r = 0; r < 2; ++r) {
    const int q = 1 - r;
    PortChannel ch(q, r);
    Rank rank(r);
    Chunk own = rank.get_output_buffer().slice(r, r + 1);
    Chunk staging = scratch[r].slice(0, 1);
    rank.copy(staging, own, {.tb = 0});
    ch.signal({.tb = 0});
    ch.wait({.tb = 0, .data_sync = SyncType::after});
    Chunk peerOwn = Rank(q).get_output_buffer().slice(r, r + 1);
    Chunk peerStaging = scratch[q].slice(1, 2);
    if (mode == 0) {
      ch.put_with_signal_and_flush(peerOwn, own, {.tb = 0});
      ch.put_with_signal(peerStaging, staging, {.tb = 0});
    } else if (mode == 1) {
      ch.put_with_signal(peerOwn, own, {.tb = 0});
      ch.put_with_signal(peerStaging, staging, {.tb = 0});
    } else if (mode == 2) {
      ch.flush({.tb = 0});
      ch.put_with_signal(peerOwn, own, {.tb = 0});
      ch.put_with_signal(peerStaging, staging, {.tb = 0});
    } else {
      ch.put_with_signal(peerOwn, own, {.tb = 0});
      ch.put_with_signal_and_flush(peerStaging, staging, {.tb = 0});
    }
    ch.wait({.tb = 0, .data_sync = SyncType::after});
    ch.wait({.tb = 0, .data_sync = SyncType::after});
    // Overwrites the staging chunk the last put read.
    rank.copy(staging, rank.get_output_buffer().slice(q, q + 1), {.tb = 0});
  }
}
