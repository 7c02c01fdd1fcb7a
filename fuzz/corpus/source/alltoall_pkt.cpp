// LL-packet all-to-all on one node, replicated twice: block d of rank s goes
// as packets to d's scratch slot for s, and receivers unpack in place.
// Port of python/mscclpp/language/tests/single_node/alltoall/alltoall_pkt.py
// (which upstream still writes with the old names put_packet/unpack_packet,
// so the reference cannot run it). Parameters: name, num_gpus,
// num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void alltoall_pkt(std::string_view name = "alltoall_pkt",
                                    int num_gpus = 8,
                                    int num_threads_per_block = 1024,
                                    std::uint64_t min_message_size = 0,
                                    std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = num_gpus;
  const int chunks_per_loop = 1;
  AllToAll collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.instances = 2,
                             .protocol = Protocol::LL,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = true,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  auto peer_slot = [](int peer, int self) {
    return peer < self ? peer : peer - 1;
  };

  std::vector<Buffer> scratch_buffer;
  std::map<std::pair<int, int>, MemoryChannel> channels;
  for (int src = 0; src < gpu_size; ++src) {
    scratch_buffer.push_back(Buffer(src, gpu_size - 1));
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        channels.emplace(std::make_pair(dst, src), MemoryChannel(dst, src));
  }

  // Send block `dst` as packets to slot peer_slot(src, dst) of dst's scratch.
  for (int src = 0; src < gpu_size; ++src) {
    BaseBuffer input_buffer = Rank(src).get_input_buffer();
    for (int dst = 0; dst < gpu_size; ++dst) {
      if (dst == src)
        continue;
      const int remote_index = peer_slot(src, dst);
      channels.at(std::make_pair(dst, src))
          .put_packets(scratch_buffer[dst].slice(remote_index, remote_index + 1),
                       input_buffer.slice(dst, dst + 1),
                       {.tb = peer_slot(dst, src)});
    }
  }

  // Unpack each peer's slot into its block of the input buffer.
  for (int src = 0; src < gpu_size; ++src) {
    Rank src_rank(src);
    BaseBuffer input_buffer = src_rank.get_input_buffer();
    for (int dst = 0; dst < gpu_size; ++dst) {
      if (dst == src)
        continue;
      const int index = peer_slot(dst, src);
      src_rank.unpack_packets(input_buffer.slice(dst, dst + 1),
                              scratch_buffer[src].slice(index, index + 1),
                              {.tb = index});
    }
  }
}
