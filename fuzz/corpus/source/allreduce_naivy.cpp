// Naive LL-packet all-reduce on one node, one thread block: every rank sends
// block p of its input to rank p's scratch, rank p reduces its block with the
// received packets and sends the result back to every peer's scratch, and
// each rank finally unpacks the reduced blocks into its input buffer.
// Port of python/mscclpp/language/tests/single_node/allreduce_naivy.py.
// Parameters: name, num_gpus, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allreduce_naivy(std::string_view name = "allreduce_naivy",
                                       int num_gpus = 8,
                                       int num_threads_per_block = 1024,
                                       std::uint64_t min_message_size = 0,
                                       std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = num_gpus;
  const int chunks_per_loop = 1;
  AllReduce collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.protocol = Protocol::LL,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // Scratch per rank: slots [0, n) receive inputs to reduce, [n, 2n) receive
  // reduced results; slot index = sending rank.
  std::vector<Buffer> scratch_buffer;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    scratch_buffer.push_back(Buffer(gpu, 2 * gpu_size));

  std::map<std::pair<int, int>, MemoryChannel> channels;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    for (int peer = 0; peer < gpu_size; ++peer)
      if (peer != gpu)
        channels.emplace(std::make_pair(peer, gpu), MemoryChannel(peer, gpu));

  // Scatter: block `peer` of the input goes to slot `gpu` of peer's scratch.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    BaseBuffer input_buffer = Rank(gpu).get_input_buffer();
    for (int peer = 0; peer < gpu_size; ++peer)
      if (peer != gpu)
        channels.at(std::make_pair(peer, gpu))
            .put_packets(scratch_buffer[peer].slice(gpu, gpu + 1),
                         input_buffer.slice(peer, peer + 1), {.tb = 0});
  }

  // Reduce the own block with the peers' packets, then send the result to
  // slot n+gpu of every peer's scratch.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    std::vector<Chunk> chunks;
    for (int peer = 0; peer < gpu_size; ++peer)
      if (peer != gpu)
        chunks.push_back(scratch_buffer[gpu].slice(peer, peer + 1));
    Rank rank(gpu);
    BaseBuffer input_buffer = rank.get_input_buffer();
    rank.reduce(input_buffer.slice(gpu, gpu + 1), chunks,
                {.tb = 0, .packet = true});
    for (int peer = 0; peer < gpu_size; ++peer)
      if (peer != gpu)
        channels.at(std::make_pair(peer, gpu))
            .put_packets(
                scratch_buffer[peer].slice(gpu_size + gpu, gpu_size + gpu + 1),
                input_buffer.slice(gpu, gpu + 1), {.tb = 0});
  }

  // Gather: unpack every peer's reduced block.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    Rank rank(gpu);
    BaseBuffer input_buffer = rank.get_input_buffer();
    for (int peer = 0; peer < gpu_size; ++peer)
      if (peer != gpu)
        rank.unpack_packets(
            input_buffer.slice(peer, peer + 1),
            scratch_buffer[gpu].slice(gpu_size + peer, gpu_size + peer + 1),
            {.tb = 0});
  }
}
