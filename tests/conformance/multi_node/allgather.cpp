// Two-node all-gather: ranks first exchange their own chunk inside the node
// over memory channels, then send it to the same local rank on the other node
// over a port channel (put + signal + flush), and finally forward the chunk
// received from the other node to their local peers.
// Port of python/mscclpp/language/tests/multi_node/allgather.py.
// Parameters: name, gpus_per_node, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather(std::string_view name = "allgather",
                                 int gpus_per_node = 8,
                                 int num_threads_per_block = 1024,
                                 std::uint64_t min_message_size = 0,
                                 std::uint64_t max_message_size = UINT64_MAX) {
  const int nodes = 2;
  const int gpu_size = nodes * gpus_per_node;
  const int chunks_per_loop = 1;
  AllGather collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // Channels, rank by rank: memory channels to every local peer, then one
  // port channel to the same local index on the next node. Ranks are visited
  // in increasing order, so port_channels[r] belongs to rank r.
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

  // Intra-node readiness handshake: relaxed signals, then relaxed waits.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + gpus_per_node * node;
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu)
          memory_channels.at(std::make_pair(peer + gpus_per_node * node, src))
              .signal({.tb = 0, .relaxed = true});
    }
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + gpus_per_node * node;
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu)
          memory_channels.at(std::make_pair(peer + gpus_per_node * node, src))
              .wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    }

  // Intra-node: push the rank's own chunk to every local peer.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + gpus_per_node * node;
      BaseBuffer src_buffer = Rank(src).get_output_buffer();
      for (int peer = 0; peer < gpus_per_node; ++peer) {
        if (peer == gpu)
          continue;
        const int dst = peer + gpus_per_node * node;
        BaseBuffer dst_buffer = Rank(dst).get_output_buffer();
        memory_channels.at(std::make_pair(dst, src))
            .put(dst_buffer.slice(src, src + 1), src_buffer.slice(src, src + 1),
                 {.tb = 0});
      }
    }

  // Inter-node: handshake with the partner rank, then send the own chunk.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + gpus_per_node * node;
      BaseBuffer src_buffer = Rank(src).get_output_buffer();
      const int dst = (gpu + gpus_per_node * (node + 1)) % gpu_size;
      BaseBuffer dst_buffer = Rank(dst).get_output_buffer();
      port_channels[src].signal({.tb = 0});
      port_channels[src].wait({.tb = 0, .data_sync = SyncType::after});
      port_channels[src].put_with_signal_and_flush(
          dst_buffer.slice(src, src + 1), src_buffer.slice(src, src + 1),
          {.tb = 0});
    }

  // Intra-node again: once the partner's chunk has arrived, forward it.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + gpus_per_node * node;
      const int src_offset = gpu + gpus_per_node * ((node + 1) % nodes);
      BaseBuffer src_buffer = Rank(src).get_output_buffer();
      port_channels[src].wait({.tb = 0, .data_sync = SyncType::after});
      for (int peer = 0; peer < gpus_per_node; ++peer) {
        if (peer == gpu)
          continue;
        const int dst = peer + gpus_per_node * node;
        BaseBuffer dst_buffer = Rank(dst).get_output_buffer();
        memory_channels.at(std::make_pair(dst, src))
            .put(dst_buffer.slice(src_offset, src_offset + 1),
                 src_buffer.slice(src_offset, src_offset + 1), {.tb = 0});
      }
    }

  // Completion: signal every local peer, then wait for all of them.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + gpus_per_node * node;
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu)
          memory_channels.at(std::make_pair(peer + gpus_per_node * node, src))
              .signal({.tb = 0, .data_sync = SyncType::before});
    }
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int src = gpu + gpus_per_node * node;
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu)
          memory_channels.at(std::make_pair(peer + gpus_per_node * node, src))
              .wait({.tb = 0});
    }
}
