// Two-GPU all-gather like allgather.cpp, but the put is split across a group
// of four thread blocks, with barriers over the group before and after it.
// Port of python/mscclpp/language/tests/single_node/allgather_tbg.py.
// Parameters: name, num_threads_per_block, min/max_message_size (fixed 2 ranks).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_tbg(std::string_view name = "allgather_tbg",
                                     int num_threads_per_block = 1024,
                                     std::uint64_t min_message_size = 0,
                                     std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = 2;
  const int chunks_per_loop = 1;
  AllGather collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  for (int src_rank_id = 0; src_rank_id < gpu_size; ++src_rank_id) {
    Rank src_rank(src_rank_id);
    Chunk src_chunk =
        src_rank.get_output_buffer().slice(src_rank_id, src_rank_id + 1);
    for (int dst_rank_id = 0; dst_rank_id < gpu_size; ++dst_rank_id) {
      Chunk dst_chunk = Rank(dst_rank_id).get_output_buffer().slice(
          src_rank_id, src_rank_id + 1);
      if (src_rank_id == dst_rank_id)
        continue;
      MemoryChannel ch(dst_rank_id, src_rank_id);
      // Thread blocks 0..3 share the transfer.
      std::vector<int> tb_list;
      for (int i = 0; i < 4; ++i)
        tb_list.push_back(i);
      ThreadBlockGroup tbg(tb_list);
      ch.signal({.tb = 0, .relaxed = true});
      ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
      // The group waits for tb 0's handshake, puts its share, and meets again
      // before tb 0 publishes the data.
      src_rank.barrier(tb_list);
      ch.put(dst_chunk, src_chunk, {.tb_group = tbg});
      src_rank.barrier(tb_list);
      ch.signal({.tb = 0, .data_sync = SyncType::before});
      ch.wait({.tb = 0, .data_sync = SyncType::after});
    }
  }
}
