// All-reduce on one node, 8 thread blocks per rank: each rank owns 8 chunks
// (one per thread block), pulls the peers' copies of them and reduces them
// locally, then pushes the result back into every peer's input buffer.
// Port of python/mscclpp/language/tests/single_node/allreduce.py.
// Parameters: name, num_gpus, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allreduce(std::string_view name = "allreduce",
                                 int num_gpus = 8,
                                 int num_threads_per_block = 1024,
                                 std::uint64_t min_message_size = 0,
                                 std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = num_gpus;
  const int num_tb = 8;
  AllReduce collective(gpu_size, num_tb, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.protocol = Protocol::Simple,
                             .instr_fusion = true,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // One channel per (peer, gpu, thread block), created gpu-major, tb, peer.
  std::map<std::tuple<int, int, int>, MemoryChannel> channels;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    for (int tb = 0; tb < num_tb; ++tb)
      for (int peer = 0; peer < gpu_size; ++peer)
        if (peer != gpu)
          channels.emplace(std::make_tuple(peer, gpu, tb),
                           MemoryChannel(peer, gpu));

  // Readiness handshake: all relaxed signals first, then all relaxed waits.
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    for (int tb = 0; tb < num_tb; ++tb)
      for (int peer = 0; peer < gpu_size; ++peer)
        if (gpu != peer)
          channels.at(std::make_tuple(peer, gpu, tb))
              .signal({.tb = tb, .relaxed = true});
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    for (int tb = 0; tb < num_tb; ++tb)
      for (int peer = 0; peer < gpu_size; ++peer)
        if (gpu != peer)
          channels.at(std::make_tuple(peer, gpu, tb))
              .wait({.tb = tb, .data_sync = SyncType::after, .relaxed = true});

  // Reduce-scatter then all-gather of chunk `gpu * num_tb + tb` on thread
  // block tb: one remote read-reduce per peer, then one put per peer.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    BaseBuffer input_buffer = Rank(gpu).get_input_buffer();
    for (int tb = 0; tb < num_tb; ++tb) {
      const int index = gpu * num_tb + tb;
      Chunk src_chunk = input_buffer.slice(index, index + 1);
      for (int peer = 0; peer < gpu_size; ++peer) {
        if (gpu == peer)
          continue;
        BaseBuffer peer_input = Rank(peer).get_input_buffer();
        channels.at(std::make_tuple(peer, gpu, tb))
            .reduce(src_chunk, {peer_input.slice(index, index + 1)},
                    {.tb = tb});
      }
      for (int peer = 0; peer < gpu_size; ++peer) {
        if (gpu == peer)
          continue;
        BaseBuffer peer_input = Rank(peer).get_input_buffer();
        channels.at(std::make_tuple(peer, gpu, tb))
            .put(peer_input.slice(index, index + 1), src_chunk, {.tb = tb});
      }
    }
  }

  // Completion: signal after the puts, then wait for every peer.
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    for (int tb = 0; tb < num_tb; ++tb)
      for (int peer = 0; peer < gpu_size; ++peer)
        if (gpu != peer)
          channels.at(std::make_tuple(peer, gpu, tb))
              .signal({.tb = tb, .data_sync = SyncType::before});
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    for (int tb = 0; tb < num_tb; ++tb)
      for (int peer = 0; peer < gpu_size; ++peer)
        if (gpu != peer)
          channels.at(std::make_tuple(peer, gpu, tb)).wait({.tb = tb});
}
