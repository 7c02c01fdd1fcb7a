// Ring AllGather, out of place: every rank copies its input chunk into its
// own slot of the output buffer, then, for num_ranks - 1 steps, forwards
// the chunk it received last to the next rank on the ring.
//
//   mscclc ring_allgather.cpp -o plan.json [-P num_ranks=8]
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ring_allgather(int num_ranks = 4) {
  AllGather collective(num_ranks, /*chunk_factor=*/1, /*inplace=*/false);
  CollectiveProgram program("ring_allgather", collective, num_ranks,
                            {.protocol = Protocol::Simple});
  // to_next[r] carries rank r's puts to its successor; on from_prev.at(r),
  // rank r learns that its predecessor's data has landed. Both ends of a
  // link are created together: a channel pairs with the peer's channel of
  // the same rank in creation order, which matters when two ranks are each
  // other's successor and predecessor (num_ranks = 2).
  std::vector<MemoryChannel> to_next;
  std::map<int, MemoryChannel> from_prev;
  for (int r = 0; r < num_ranks; ++r) {
    const int next = (r + 1) % num_ranks;
    to_next.push_back(MemoryChannel(next, r));
    from_prev.emplace(next, MemoryChannel(r, next));
  }
  for (int r = 0; r < num_ranks; ++r) {
    Rank rank(r);
    rank.copy(rank.get_output_buffer().slice(r, r + 1),
              rank.get_input_buffer().slice(0, 1), {.tb = 0});
    // Tell the predecessor that our output buffer may be written; wait
    // until the successor says the same.
    from_prev.at(r).signal({.tb = 0, .relaxed = true});
    to_next[r].wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  }
  for (int step = 0; step < num_ranks - 1; ++step) {
    // Rank r forwards chunk r - step (mod num_ranks): its own at step 0,
    // then the one its predecessor sent at the previous step.
    for (int r = 0; r < num_ranks; ++r) {
      const int next = (r + 1) % num_ranks;
      const int c = (r + num_ranks - step) % num_ranks;
      to_next[r].put(Rank(next).get_output_buffer().slice(c, c + 1),
                     Rank(r).get_output_buffer().slice(c, c + 1), {.tb = 0});
      to_next[r].signal({.tb = 0, .data_sync = SyncType::before});
    }
    for (int r = 0; r < num_ranks; ++r)
      from_prev.at(r).wait({.tb = 0, .data_sync = SyncType::after});
  }
}
