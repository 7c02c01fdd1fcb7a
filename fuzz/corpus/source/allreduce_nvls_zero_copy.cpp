// NVLS all-reduce on one node: rank g reduces block g across all ranks'
// input buffers through the switch and multicasts the sum back in place,
// between relaxed full-mesh handshakes.
// Port of python/mscclpp/language/tests/single_node/allreduce_nvls_zero_copy.py.
// Parameters: name, num_gpus, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allreduce_nvls_zero_copy(
    std::string_view name = "allreduce_nvls_zero_copy", int num_gpus = 8,
    int num_threads_per_block = 1024, std::uint64_t min_message_size = 0,
    std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = num_gpus;
  const int chunks_per_loop = 1;
  AllReduce collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.instances = 8,
                             .protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // Multicast group over every rank's input buffer, plus a full mesh of
  // memory channels for the handshakes.
  std::vector<int> all_ranks;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    all_ranks.push_back(gpu);
  SwitchChannel nvls_chan(all_ranks, BufferType::input);
  std::map<std::pair<int, int>, MemoryChannel> channels;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    for (int peer = 0; peer < gpu_size; ++peer)
      if (peer != gpu)
        channels.emplace(std::make_pair(peer, gpu), MemoryChannel(peer, gpu));

  // Everyone ready.
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

  // Switch reduce of block g into the local block g, then multicast it.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    const int buffer_offset = gpu;
    BaseBuffer input_buffer = Rank(gpu).get_input_buffer();
    nvls_chan.at_rank(gpu).reduce(buffer_offset, 1,
                                  input_buffer.slice(gpu, gpu + 1), {.tb = 0});
    nvls_chan.at_rank(gpu).broadcast(input_buffer.slice(gpu, gpu + 1),
                                     buffer_offset, 1, {.tb = 0});
  }

  // Everyone done.
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
