// Two-node LL-packet all-gather: each rank packs its chunk into its own
// scratch slot, forwards it to its local peers (memory channels) and to its
// partner on the other node (port channel), forwards the chunk received from
// the partner to the local peers, and unpacks all slots into its output.
// Port of python/mscclpp/language/tests/multi_node/allgather_pkt.py.
// Parameters: name, gpus_per_node, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_pkt(std::string_view name = "allgather_pkt",
                                     int gpus_per_node = 8,
                                     int num_threads_per_block = 1024,
                                     std::uint64_t min_message_size = 0,
                                     std::uint64_t max_message_size = UINT64_MAX) {
  const int nodes = 2;
  const int gpu_size = nodes * gpus_per_node;
  const int chunks_per_loop = 1;
  AllGather collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.protocol = Protocol::LL,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = true,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // One packet slot per source rank in every rank's scratch.
  std::vector<Buffer> scratch_buffer;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    scratch_buffer.push_back(Buffer(gpu, gpu_size));

  // Pack the own chunk into slot `gpu` (thread block `gpu`).
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    Rank rank(gpu);
    BaseBuffer output_buffer = rank.get_output_buffer();
    rank.copy_packets(scratch_buffer[gpu].slice(gpu, gpu + 1),
                      output_buffer.slice(gpu, gpu + 1), {.tb = gpu});
  }

  // Intra-node: forward the own slot to every local peer, thread block
  // `peer`, each over a fresh memory channel.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + gpus_per_node * node;
      for (int peer = 0; peer < gpus_per_node; ++peer) {
        if (peer == gpu)
          continue;
        const int dst = peer + gpus_per_node * node;
        MemoryChannel ch(dst, src);
        ch.read_put_packets(scratch_buffer[dst].slice(src, src + 1),
                            scratch_buffer[src].slice(src, src + 1),
                            {.tb = peer});
      }
    }

  // Inter-node: forward the own slot to the partner on the next node.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + gpus_per_node * node;
      const int dst = gpu + gpus_per_node * ((node + 1) % nodes);
      PortChannel ch(dst, src);
      ch.read_put_packets(scratch_buffer[dst].slice(src, src + 1),
                          scratch_buffer[src].slice(src, src + 1),
                          {.tb = gpu});
    }

  // Intra-node again: forward the partner's slot to every local peer.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + gpus_per_node * node;
      const int src_offset = gpu + gpus_per_node * ((node + 1) % nodes);
      for (int peer = 0; peer < gpus_per_node; ++peer) {
        if (peer == gpu)
          continue;
        const int dst = peer + gpus_per_node * node;
        MemoryChannel ch(dst, src);
        ch.read_put_packets(
            scratch_buffer[dst].slice(src_offset, src_offset + 1),
            scratch_buffer[src].slice(src_offset, src_offset + 1),
            {.tb = peer});
      }
    }

  // Unpack every other rank's slot (ring order) on thread block `step`.
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    for (int step = 1; step < gpu_size; ++step) {
      const int dst = (gpu + step) % gpu_size;
      Rank rank(gpu);
      BaseBuffer output_buffer = rank.get_output_buffer();
      rank.unpack_packets(output_buffer.slice(dst, dst + 1),
                          scratch_buffer[gpu].slice(dst, dst + 1),
                          {.tb = step});
    }
}
