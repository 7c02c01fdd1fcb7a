// Two-node reduce-scatter: inside each node a rank read-reduces from its local
// peers both its own chunk and the chunk of its partner on the other node,
// ships the partner's partial sum over a port channel into the partner's
// scratch, and adds the partial sum it receives to its own chunk.
// Port of python/mscclpp/language/tests/multi_node/reducescatter.py.
// Parameters: name, gpus_per_node, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reducescatter(
    std::string_view name = "reducescatter", int gpus_per_node = 8,
    int num_threads_per_block = 1024, std::uint64_t min_message_size = 0,
    std::uint64_t max_message_size = UINT64_MAX) {
  const int nodes = 2;
  const int gpu_size = nodes * gpus_per_node;
  const int chunks_per_loop = 1;
  ReduceScatter collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.protocol = Protocol::Simple,
                             .instr_fusion = true,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // One scratch slot per rank receives the partial sum from the other node.
  std::vector<Buffer> scratch_buffer;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    scratch_buffer.push_back(Buffer(gpu, 1));

  // Memory channels to local peers, then a port channel to the partner on
  // the next node; ranks are visited in increasing order.
  std::map<std::pair<int, int>, MemoryChannel> memory_channels;
  std::vector<PortChannel> port_channels;
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

  // Intra-node readiness handshake.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + node * gpus_per_node;
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu)
          memory_channels.at(std::make_pair(peer + gpus_per_node * node, src))
              .signal({.tb = 0, .relaxed = true});
    }
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + node * gpus_per_node;
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu)
          memory_channels.at(std::make_pair(peer + gpus_per_node * node, src))
              .wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    }

  // Intra-node reduction: first the rank's own chunk from every local peer,
  // then the chunk that belongs to its partner on the other node.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + node * gpus_per_node;
      BaseBuffer src_buffer = Rank(src).get_input_buffer();
      const int next_src = gpu + gpus_per_node * ((node + 1) % nodes);
      for (int peer = 0; peer < gpus_per_node; ++peer) {
        if (peer == gpu)
          continue;
        const int dst = peer + node * gpus_per_node;
        BaseBuffer dst_buffer = Rank(dst).get_input_buffer();
        memory_channels.at(std::make_pair(dst, src))
            .reduce(src_buffer.slice(src, src + 1),
                    {dst_buffer.slice(src, src + 1)}, {.tb = 0});
      }
      for (int peer = 0; peer < gpus_per_node; ++peer) {
        if (peer == gpu)
          continue;
        const int dst = peer + node * gpus_per_node;
        BaseBuffer dst_buffer = Rank(dst).get_input_buffer();
        memory_channels.at(std::make_pair(dst, src))
            .reduce(src_buffer.slice(next_src, next_src + 1),
                    {dst_buffer.slice(next_src, next_src + 1)}, {.tb = 0});
      }
    }

  // Inter-node: handshake with the partner, then put the partner's partial
  // sum into its scratch slot with a signal.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + node * gpus_per_node;
      const int next_src = gpu + gpus_per_node * ((node + 1) % nodes);
      BaseBuffer src_buffer = Rank(src).get_input_buffer();
      port_channels[src].signal({.tb = 0});
      port_channels[src].wait({.tb = 0, .data_sync = SyncType::after});
      port_channels[src].put_with_signal(
          scratch_buffer[next_src].slice(0, 1),
          src_buffer.slice(next_src, next_src + 1), {.tb = 0});
    }

  // Final step: wait for the partner's partial sum and add it locally.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + node * gpus_per_node;
      Rank src_rank(src);
      BaseBuffer src_buffer = src_rank.get_input_buffer();
      port_channels[src].wait({.tb = 0, .data_sync = SyncType::after});
      src_rank.reduce(src_buffer.slice(src, src + 1),
                      {scratch_buffer[src].slice(0, 1)}, {.tb = 0});
    }

  // Completion handshake inside the node.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + node * gpus_per_node;
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu)
          memory_channels.at(std::make_pair(peer + gpus_per_node * node, src))
              .signal({.tb = 0,
                       .data_sync = SyncType::before,
                       .relaxed = true});
    }
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + node * gpus_per_node;
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu)
          memory_channels.at(std::make_pair(peer + gpus_per_node * node, src))
              .wait({.tb = 0, .relaxed = true});
    }
}
