// NVLS all-gather on one node: every rank multicasts its own output chunk to
// the same offset of all ranks' output buffers through a switch channel, with
// relaxed full-mesh handshakes before and after.
// Port of python/mscclpp/language/tests/single_node/allgather_nvls_zero_copy.py.
// Parameters: name, num_gpus, num_threads_per_block (256), min/max_message_size,
// instances (8).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_nvls_zero_copy(
    std::string_view name = "allgather_nvls_zero_copy", int num_gpus = 8,
    int num_threads_per_block = 256, std::uint64_t min_message_size = 0,
    std::uint64_t max_message_size = UINT64_MAX, int instances = 8) {
  const int gpu_size = num_gpus;
  const int chunks_per_loop = 1;
  AllGather collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.instances = instances,
                             .protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // Multicast group over every rank's output buffer.
  std::vector<int> all_ranks;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    all_ranks.push_back(gpu);
  SwitchChannel nvls_chan(all_ranks, BufferType::output);
  std::map<std::pair<int, int>, MemoryChannel> channels;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    for (int peer = 0; peer < gpu_size; ++peer)
      if (peer != gpu)
        channels.emplace(std::make_pair(peer, gpu), MemoryChannel(peer, gpu));

  // Everyone ready before the stores.
  for (int src = 0; src < gpu_size; ++src) {
    for (int dst = 0; dst < gpu_size; ++dst)
      if (dst != src)
        channels.at(std::make_pair(dst, src))
            .signal({.tb = 0, .relaxed = true});
    for (int dst = 0; dst < gpu_size; ++dst)
      if (dst != src)
        channels.at(std::make_pair(dst, src))
            .wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  }

  // Rank g stores its chunk g to offset g of every rank via the switch.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    BaseBuffer output_buffer = Rank(gpu).get_output_buffer();
    nvls_chan.at_rank(gpu).broadcast(output_buffer.slice(gpu, gpu + 1), gpu, 1,
                                     {.tb = 0});
  }

  // Everyone done after the stores.
  for (int src = 0; src < gpu_size; ++src) {
    for (int dst = 0; dst < gpu_size; ++dst)
      if (dst != src)
        channels.at(std::make_pair(dst, src))
            .signal({.tb = 0, .data_sync = SyncType::before, .relaxed = true});
    for (int dst = 0; dst < gpu_size; ++dst)
      if (dst != src)
        channels.at(std::make_pair(dst, src))
            .wait({.tb = 0, .relaxed = true});
  }
}
