// Two-node LL-packet reduce-scatter: ranks send local peers, as packets,
// their chunk and their partner's chunk; each rank reduces its partner's chunk
// and ships that partial sum over a port channel, then reduces its own chunk
// with the local packets and the partner's partial sum.
// Port of python/mscclpp/language/tests/multi_node/reducescatter_pkt.py.
// Parameters: name, gpus_per_node, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reducescatter_pkt(
    std::string_view name = "reducescatter_pkt", int gpus_per_node = 8,
    int num_threads_per_block = 1024, std::uint64_t min_message_size = 0,
    std::uint64_t max_message_size = UINT64_MAX) {
  const int nodes = 2;
  const int gpu_size = nodes * gpus_per_node;
  const int chunks_per_loop = 1;
  ReduceScatter collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.protocol = Protocol::LL,
                             .instr_fusion = true,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = true,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // Scratch per rank, gpu_size = 2G slots with G = gpus_per_node: [0, G)
  // local peers' packets of the own chunk (slot = sender's local index; the
  // own slot stages the outgoing partial sum), [G, 2G-1) local peers' packets
  // of the partner's chunk, and the last slot the partner's partial sum.
  std::vector<Buffer> scratch_buffer;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    scratch_buffer.push_back(Buffer(gpu, gpu_size));

  std::map<std::pair<int, int>, MemoryChannel> memory_channels;
  std::vector<PortChannel> port_channels; // indexed by rank
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + gpus_per_node * node;
      const int next_src = (gpu + gpus_per_node * (node + 1)) % gpu_size;
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu) {
          const int dst = peer + gpus_per_node * node;
          memory_channels.emplace(std::make_pair(dst, src),
                                  MemoryChannel(dst, src));
        }
      port_channels.push_back(PortChannel(next_src, src));
    }

  // Intra-node exchange: to local peer p send p's chunk and the chunk of p's
  // partner on the other node.
  const int inter_node_data_offset = gpu_size / 2;
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + node * gpus_per_node;
      BaseBuffer src_buffer = Rank(src).get_input_buffer();
      for (int peer = 0; peer < gpus_per_node; ++peer) {
        if (peer == gpu)
          continue;
        const int dst = peer + node * gpus_per_node;
        const int next_dst = peer + gpus_per_node * ((node + 1) % nodes);
        const int dst_offset = gpu;
        const int r_dst_offset =
            (gpu < peer ? gpu : gpu - 1) + inter_node_data_offset;
        memory_channels.at(std::make_pair(dst, src))
            .put_packets(scratch_buffer[dst].slice(dst_offset, dst_offset + 1),
                         src_buffer.slice(dst, dst + 1), {.tb = 0});
        memory_channels.at(std::make_pair(dst, src))
            .put_packets(
                scratch_buffer[dst].slice(r_dst_offset, r_dst_offset + 1),
                src_buffer.slice(next_dst, next_dst + 1), {.tb = 0});
      }
    }

  // Partial sum of the partner's chunk; stage it as packets in slot `gpu`
  // and forward it into the partner's last scratch slot.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + node * gpus_per_node;
      const int next_src = gpu + gpus_per_node * ((node + 1) % nodes);
      Rank src_rank(src);
      BaseBuffer src_buffer = src_rank.get_input_buffer();

      std::vector<Chunk> chunks;
      for (int peer = 0; peer < gpus_per_node; ++peer) {
        if (peer == gpu)
          continue;
        const int offset = (peer < gpu ? peer : peer - 1) + inter_node_data_offset;
        chunks.push_back(scratch_buffer[src].slice(offset, offset + 1));
      }
      // A node of one GPU has nothing to add.
      if (!chunks.empty())
        src_rank.reduce(src_buffer.slice(next_src, next_src + 1), chunks,
                        {.tb = 0, .packet = true});
      src_rank.copy_packets(scratch_buffer[src].slice(gpu, gpu + 1),
                            src_buffer.slice(next_src, next_src + 1),
                            {.tb = 0});
      port_channels[src].read_put_packets(
          scratch_buffer[next_src].slice(gpu_size - 1, gpu_size),
          scratch_buffer[src].slice(gpu, gpu + 1), {.tb = 0});
    }

  // Final reduction of the own chunk: partner's partial sum first, then the
  // local peers' packets.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + node * gpus_per_node;
      Rank src_rank(src);
      BaseBuffer src_buffer = src_rank.get_input_buffer();

      std::vector<Chunk> chunks;
      chunks.push_back(scratch_buffer[src].slice(gpu_size - 1, gpu_size));
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu)
          chunks.push_back(scratch_buffer[src].slice(peer, peer + 1));
      src_rank.reduce(src_buffer.slice(src, src + 1), chunks,
                      {.tb = 0, .packet = true});
    }
}
