// All-gather on one node over memory channels, replicated 32 times: relaxed
// handshake, puts of the own chunk to every peer in ring order, handshake.
// Port of python/mscclpp/language/tests/single_node/allgather_ring.py (which
// upstream still writes with the old class name MSCCLPPProgram, so the
// reference cannot run it). Parameters: name, num_gpus,
// num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_ring(std::string_view name = "allgather_ring",
                                      int num_gpus = 8,
                                      int num_threads_per_block = 1024,
                                      std::uint64_t min_message_size = 0,
                                      std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = num_gpus;
  const int chunks_per_loop = 1;
  AllGather collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.instances = 32,
                             .protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  std::map<std::pair<int, int>, MemoryChannel> channels;
  for (int src = 0; src < gpu_size; ++src)
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        channels.emplace(std::make_pair(dst, src), MemoryChannel(dst, src));

  // Everyone ready.
  for (int src = 0; src < gpu_size; ++src) {
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        channels.at(std::make_pair(dst, src))
            .signal({.tb = 0, .relaxed = true});
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        channels.at(std::make_pair(dst, src))
            .wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  }

  // Each rank writes its chunk into slot `src` of every peer's output.
  for (int src = 0; src < gpu_size; ++src) {
    Chunk src_chunk = Rank(src).get_output_buffer().slice(src, src + 1);
    for (int step = 1; step < gpu_size; ++step) {
      const int dst = (src + step) % gpu_size;
      Chunk dst_chunk = Rank(dst).get_output_buffer().slice(src, src + 1);
      if (src != dst)
        channels.at(std::make_pair(dst, src))
            .put(dst_chunk, src_chunk, {.tb = 0});
    }
  }

  // Everyone done. Upstream keeps data_sync at its default (both) here.
  for (int src = 0; src < gpu_size; ++src) {
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        channels.at(std::make_pair(dst, src))
            .signal({.tb = 0, .relaxed = true});
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        channels.at(std::make_pair(dst, src))
            .wait({.tb = 0, .relaxed = true});
  }
}
