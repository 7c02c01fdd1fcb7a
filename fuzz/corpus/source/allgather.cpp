// All-gather on two GPUs: every rank writes its own chunk straight into the
// peer's output buffer over a memory channel, bracketed by a relaxed
// readiness handshake and a final signal/wait that publishes the data.
// Port of python/mscclpp/language/tests/single_node/allgather.py.
// Parameters: name, num_threads_per_block, min/max_message_size (fixed 2 ranks).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather(std::string_view name = "allgather",
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

  for (int src_rank = 0; src_rank < gpu_size; ++src_rank) {
    // The chunk this rank owns sits at its own index of its output buffer.
    Chunk src_chunk =
        Rank(src_rank).get_output_buffer().slice(src_rank, src_rank + 1);
    for (int dst_rank = 0; dst_rank < gpu_size; ++dst_rank) {
      // Same slot in the destination rank's output buffer.
      Chunk dst_chunk =
          Rank(dst_rank).get_output_buffer().slice(src_rank, src_rank + 1);
      if (src_rank == dst_rank)
        continue;
      MemoryChannel ch(dst_rank, src_rank);
      // Tell the peer we are ready, then wait until it is ready as well.
      ch.signal({.tb = 0, .relaxed = true});
      ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
      // Write the chunk, then announce completion and wait for the peer's.
      ch.put(dst_chunk, src_chunk, {.tb = 0});
      ch.signal({.tb = 0, .data_sync = SyncType::before});
      ch.wait({.tb = 0, .data_sync = SyncType::after});
    }
  }
}
