// Pipelined all-to-all on one node: after a relaxed handshake on sync
// channels, one loop-iteration context holds both halves: tb peer_slot puts,
// signals and releases a semaphore; tb (n-1)+peer_slot acquires it, waits for
// the peer's data and copies it from scratch into the input buffer.
// Port of python/mscclpp/language/tests/single_node/alltoall/alltoall_pipeline.py.
// Parameters: name, num_gpus, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void alltoall_pipeline(
    std::string_view name = "alltoall_pipeline", int num_gpus = 8,
    int num_threads_per_block = 1024, std::uint64_t min_message_size = 0,
    std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = num_gpus;
  const int chunks_per_loop = 1;
  AllToAll collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.instances = 2,
                             .protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  auto peer_slot = [](int peer, int self) {
    return peer < self ? peer : peer - 1;
  };

  // Per rank: scratch, gpu_size semaphores (keyed by sender thread block),
  // then a data and a sync channel per peer.
  std::vector<Buffer> scratch_buffer;
  std::map<std::pair<int, int>, Semaphore> semaphores;
  std::map<std::pair<int, int>, MemoryChannel> channels;
  std::map<std::pair<int, int>, MemoryChannel> sync_channels;
  const int tb_offset = gpu_size - 1;
  for (int src = 0; src < gpu_size; ++src) {
    scratch_buffer.push_back(Buffer(src, gpu_size - 1));
    for (int tb = 0; tb < gpu_size; ++tb)
      semaphores.emplace(std::make_pair(src, tb), Semaphore(src, 0));
    for (int dst = 0; dst < gpu_size; ++dst) {
      if (src == dst)
        continue;
      channels.emplace(std::make_pair(dst, src), MemoryChannel(dst, src));
      sync_channels.emplace(std::make_pair(dst, src), MemoryChannel(dst, src));
    }
  }

  // Readiness handshake on the sync channels.
  for (int src = 0; src < gpu_size; ++src) {
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        sync_channels.at(std::make_pair(dst, src))
            .signal({.tb = peer_slot(dst, src), .relaxed = true});
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        sync_channels.at(std::make_pair(dst, src))
            .wait({.tb = peer_slot(dst, src),
                   .data_sync = SyncType::after,
                   .relaxed = true});
  }

  {
    // Loop body, repeated by the executor over 512 KiB units.
    LoopIterationContext loop(1 << 19, 1);

    // Senders.
    for (int src = 0; src < gpu_size; ++src) {
      BaseBuffer input_buffer = Rank(src).get_input_buffer();
      for (int dst = 0; dst < gpu_size; ++dst) {
        if (dst == src)
          continue;
        const int remote_index = peer_slot(src, dst);
        const int tb = peer_slot(dst, src);
        channels.at(std::make_pair(dst, src))
            .put(scratch_buffer[dst].slice(remote_index, remote_index + 1),
                 input_buffer.slice(dst, dst + 1), {.tb = tb});
        channels.at(std::make_pair(dst, src))
            .signal({.tb = tb, .data_sync = SyncType::before});
        semaphores.at(std::make_pair(src, tb)).release({.tb = tb});
      }
    }

    // Receivers.
    for (int src = 0; src < gpu_size; ++src) {
      Rank src_rank(src);
      BaseBuffer input_buffer = src_rank.get_input_buffer();
      for (int dst = 0; dst < gpu_size; ++dst) {
        if (dst == src)
          continue;
        const int index = peer_slot(dst, src);
        const int tb = tb_offset + index;
        semaphores.at(std::make_pair(src, tb - tb_offset)).acquire({.tb = tb});
        channels.at(std::make_pair(dst, src))
            .wait({.tb = tb, .data_sync = SyncType::after});
        src_rank.copy(input_buffer.slice(dst, dst + 1),
                      scratch_buffer[src].slice(index, index + 1), {.tb = tb});
      }
    }
  }
}
