// Unit test: every rank writes its input chunk 0 into the peer's input chunk 1
// over a memory channel, bracketed by relaxed and strict signal/wait.
// Port of python/mscclpp/language/tests/unit_tests/put/put_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void put_test(int num_threads_per_block = 1024,
                                std::uint64_t min_message_size = 0,
                                std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 2;
  TestCollective collective(gpus, 2, 0);
  CollectiveProgram program("put_test", collective, gpus,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  for (int src_rank = 0; src_rank < gpus; ++src_rank) {
    Rank rank(src_rank);
    BaseBuffer src_buff = rank.get_input_buffer();
    for (int dst_rank = 0; dst_rank < gpus; ++dst_rank) {
      if (src_rank == dst_rank) {
        continue;
      }
      Rank peer(dst_rank);
      BaseBuffer dst_buff = peer.get_input_buffer();
      MemoryChannel ch(dst_rank, src_rank);
      ch.signal({.tb = 0, .relaxed = true});
      ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
      // Write local input[0:1] to peer input[1:2].
      ch.put(dst_buff.slice(1, 2), src_buff.slice(0, 1), {.tb = 0});
      ch.signal({.tb = 0, .data_sync = SyncType::before});
      ch.wait({.tb = 0, .data_sync = SyncType::after});
    }
  }
}
