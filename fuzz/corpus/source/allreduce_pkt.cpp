// LL-packet all-reduce on one node, gpu_size chunks per block: scatter blocks
// as packets, reduce the own block chunk by chunk on thread block `index` and
// send each result to all peers, who unpack it on thread block `peer`.
// auto_sync is off: packet flags order everything.
// Port of python/mscclpp/language/tests/single_node/allreduce_pkt.py.
// Parameters: name, num_gpus, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allreduce_pkt(std::string_view name = "allreduce_pkt",
                                     int num_gpus = 8,
                                     int num_threads_per_block = 1024,
                                     std::uint64_t min_message_size = 0,
                                     std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = num_gpus;
  const int chunks_per_loop = gpu_size;
  AllReduce collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.protocol = Protocol::LL,
                             .instr_fusion = true,
                             .auto_sync = false,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = true,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // Peer `peer` of rank `self` numbered among the gpu_size-1 others.
  auto peer_slot = [](int peer, int self) {
    return peer < self ? peer : peer - 1;
  };

  // Scratch per rank: (n-1) blocks of n chunks for inputs to reduce, then
  // (n-1) blocks of n chunks for reduced results.
  std::vector<Buffer> scratch_buffer;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    scratch_buffer.push_back(Buffer(gpu, 2 * (gpu_size - 1) * gpu_size));
  const int result_base = gpu_size * (gpu_size - 1);

  std::map<std::pair<int, int>, MemoryChannel> channels;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    for (int peer = 0; peer < gpu_size; ++peer)
      if (peer != gpu)
        channels.emplace(std::make_pair(peer, gpu), MemoryChannel(peer, gpu));

  // Scatter: block `peer` of the input to peer's scratch block for `gpu`.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    BaseBuffer input_buffer = Rank(gpu).get_input_buffer();
    for (int peer = 0; peer < gpu_size; ++peer) {
      if (peer == gpu)
        continue;
      const int scratch_index = peer_slot(gpu, peer) * gpu_size;
      const int input_index = peer * gpu_size;
      channels.at(std::make_pair(peer, gpu))
          .put_packets(
              scratch_buffer[peer].slice(scratch_index, scratch_index + gpu_size),
              input_buffer.slice(input_index, input_index + gpu_size),
              {.tb = peer_slot(peer, gpu)});
    }
  }

  // Per chunk of the own block: reduce with the peers' packets and send the
  // result to every peer's result area.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    for (int index = 0; index < gpu_size; ++index) {
      std::vector<Chunk> chunks;
      for (int peer = 0; peer < gpu_size; ++peer) {
        if (peer == gpu)
          continue;
        const int scratch_index = peer_slot(peer, gpu) * gpu_size + index;
        chunks.push_back(
            scratch_buffer[gpu].slice(scratch_index, scratch_index + 1));
      }
      Rank rank(gpu);
      BaseBuffer input_buffer = rank.get_input_buffer();
      const int input_index = gpu * gpu_size + index;
      rank.reduce(input_buffer.slice(input_index, input_index + 1), chunks,
                  {.tb = index, .packet = true});

      for (int peer = 0; peer < gpu_size; ++peer) {
        if (peer == gpu)
          continue;
        const int scratch_index =
            result_base + peer_slot(gpu, peer) * gpu_size + index;
        channels.at(std::make_pair(peer, gpu))
            .put_packets(
                scratch_buffer[peer].slice(scratch_index, scratch_index + 1),
                input_buffer.slice(input_index, input_index + 1),
                {.tb = index});
      }
    }
  }

  // Gather: unpack each peer's reduced block on thread block `peer`.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    Rank rank(gpu);
    BaseBuffer input_buffer = rank.get_input_buffer();
    for (int peer = 0; peer < gpu_size; ++peer) {
      if (peer == gpu)
        continue;
      const int input_index = peer * gpu_size;
      const int scratch_index = result_base + peer_slot(peer, gpu) * gpu_size;
      rank.unpack_packets(
          input_buffer.slice(input_index, input_index + gpu_size),
          scratch_buffer[gpu].slice(scratch_index, scratch_index + gpu_size),
          {.tb = peer});
    }
  }
}
