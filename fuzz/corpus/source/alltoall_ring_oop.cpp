// Out-of-place all-to-all on one node in ring order: thread block 0 puts each
// block into the destination's scratch (peers visited src+1, src+2, ...) and
// copies the rank's own block; thread block 1 drains scratch into the output
// buffer in reverse ring order. Separate channels carry the initial handshake.
// Port of python/mscclpp/language/tests/single_node/alltoall/alltoall_ring_oop.py.
// Parameters: name, num_gpus, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void alltoall_ring_oop(
    std::string_view name = "alltoall_ring_oop", int num_gpus = 8,
    int num_threads_per_block = 1024, std::uint64_t min_message_size = 0,
    std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = num_gpus;
  const int chunks_per_loop = 1;
  AllToAll collective(gpu_size, chunks_per_loop, false);
  CollectiveProgram program(name, collective, gpu_size,
                            {.instances = 16,
                             .protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // Slot of `peer` among the gpu_size-1 peers of `self`.
  auto peer_slot = [](int peer, int self) {
    return peer < self ? peer : peer - 1;
  };

  // Per rank: its scratch, then per peer a data channel and a sync channel
  // (interleaved, so their ids alternate).
  std::vector<Buffer> scratch_buffer;
  std::map<std::pair<int, int>, MemoryChannel> channels;
  std::map<std::pair<int, int>, MemoryChannel> sync_channels;
  for (int src = 0; src < gpu_size; ++src) {
    scratch_buffer.push_back(Buffer(src, gpu_size - 1));
    for (int dst = 0; dst < gpu_size; ++dst) {
      if (src == dst)
        continue;
      channels.emplace(std::make_pair(dst, src), MemoryChannel(dst, src));
      sync_channels.emplace(std::make_pair(dst, src), MemoryChannel(dst, src));
    }
  }

  // Readiness handshake on the sync channels, all on thread block 0.
  for (int src = 0; src < gpu_size; ++src) {
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        sync_channels.at(std::make_pair(dst, src))
            .signal({.tb = 0, .relaxed = true});
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        sync_channels.at(std::make_pair(dst, src))
            .wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
  }

  // Send in ring order on thread block 0.
  for (int src = 0; src < gpu_size; ++src) {
    BaseBuffer input_buffer = Rank(src).get_input_buffer();
    for (int step = 1; step < gpu_size; ++step) {
      const int dst = (src + step) % gpu_size;
      if (dst == src)
        continue;
      const int remote_index = peer_slot(src, dst);
      channels.at(std::make_pair(dst, src))
          .put(scratch_buffer[dst].slice(remote_index, remote_index + 1),
               input_buffer.slice(dst, dst + 1), {.tb = 0});
      channels.at(std::make_pair(dst, src))
          .signal({.tb = 0, .data_sync = SyncType::before});
    }
  }

  // Receive in reverse ring order (src, src-1, ...): remote blocks come from
  // scratch on thread block 1; the rank's own block is a local copy on 0.
  for (int src = 0; src < gpu_size; ++src) {
    Rank src_rank(src);
    BaseBuffer input_buffer = src_rank.get_input_buffer();
    BaseBuffer output_buffer = src_rank.get_output_buffer();
    for (int step = 0; step < gpu_size; ++step) {
      // Python's modulo is non-negative; keep it so here.
      const int dst = (src - step + gpu_size) % gpu_size;
      if (dst != src) {
        const int index = peer_slot(dst, src);
        channels.at(std::make_pair(dst, src))
            .wait({.tb = 1, .data_sync = SyncType::after});
        src_rank.copy(output_buffer.slice(dst, dst + 1),
                      scratch_buffer[src].slice(index, index + 1), {.tb = 1});
      } else {
        src_rank.copy(output_buffer.slice(dst, dst + 1),
                      input_buffer.slice(dst, dst + 1), {.tb = 0});
      }
    }
  }
}
