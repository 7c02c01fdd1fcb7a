// All-to-all on one node in gpu_size-1 pairwise steps: a greedy matching
// pairs the ranks up in each step, and in each step every rank puts one block
// into its partner's scratch on thread block 0 (signal + semaphore release),
// then copies the partner's block out of its own scratch on thread block 1.
// Port of python/mscclpp/language/tests/single_node/alltoall/alltoall_ring_peers.py.
// Parameters: name, num_gpus, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// Greedy pairing, one matching per step: result[step][x] is x's partner in
// that step (-1 if x stays unmatched). Each step scans x in increasing order
// and pairs it with the smallest free y > x it has not met yet.
std::vector<std::vector<int>> find_pairs(int size) {
  // not_met[x][y] is 1 while x and y still have to be paired.
  std::vector<std::vector<int>> not_met;
  for (int x = 0; x < size; ++x) {
    std::vector<int> row;
    for (int y = 0; y < size; ++y)
      row.push_back(x != y ? 1 : 0);
    not_met.push_back(row);
  }
  std::vector<std::vector<int>> steps;
  for (int step = 0; step < size - 1; ++step) {
    std::vector<int> used;
    std::vector<int> matches;
    for (int x = 0; x < size; ++x) {
      used.push_back(0);
      matches.push_back(-1);
    }
    for (int x = 0; x < size; ++x) {
      if (used[x] != 0)
        continue;
      for (int y = x + 1; y < size; ++y) {
        if (used[y] == 0 && not_met[x][y] != 0 && not_met[y][x] != 0) {
          matches[x] = y;
          matches[y] = x;
          used[x] = 1;
          used[y] = 1;
          not_met[x][y] = 0;
          not_met[y][x] = 0;
          break;
        }
      }
    }
    steps.push_back(matches);
  }
  return steps;
}

MSCCLPP_ALGORITHM void alltoall_ring_peers(
    std::string_view name = "alltoall_ring_peers", int num_gpus = 8,
    int num_threads_per_block = 1024, std::uint64_t min_message_size = 0,
    std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = num_gpus;
  const int chunks_per_loop = 1;
  AllToAll collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.instances = 16,
                             .protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  auto peer_slot = [](int peer, int self) {
    return peer < self ? peer : peer - 1;
  };

  // Per rank: scratch, then per peer a data channel, a sync channel and a
  // semaphore (keyed by (rank, peer)).
  std::vector<Buffer> scratch_buffer;
  std::map<std::pair<int, int>, MemoryChannel> channels;
  std::map<std::pair<int, int>, MemoryChannel> sync_channels;
  std::map<std::pair<int, int>, Semaphore> semaphores;
  const std::vector<std::vector<int>> step_pairs = find_pairs(gpu_size);
  for (int src = 0; src < gpu_size; ++src) {
    scratch_buffer.push_back(Buffer(src, gpu_size - 1));
    for (int dst = 0; dst < gpu_size; ++dst) {
      if (src == dst)
        continue;
      channels.emplace(std::make_pair(dst, src), MemoryChannel(dst, src));
      sync_channels.emplace(std::make_pair(dst, src), MemoryChannel(dst, src));
      semaphores.emplace(std::make_pair(src, dst), Semaphore(src, 0));
    }
  }

  // Readiness handshake on the sync channels, thread block 0.
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

  for (int step = 0; step < gpu_size - 1; ++step) {
    // Send to this step's partner.
    for (int src = 0; src < gpu_size; ++src) {
      BaseBuffer input_buffer = Rank(src).get_input_buffer();
      const int dst = step_pairs[step][src];
      const int remote_index = peer_slot(src, dst);
      channels.at(std::make_pair(dst, src))
          .put(scratch_buffer[dst].slice(remote_index, remote_index + 1),
               input_buffer.slice(dst, dst + 1), {.tb = 0});
      channels.at(std::make_pair(dst, src))
          .signal({.tb = 0, .data_sync = SyncType::before});
      semaphores.at(std::make_pair(src, dst)).release({.tb = 0});
    }

    // Receive from this step's partner.
    for (int src = 0; src < gpu_size; ++src) {
      Rank src_rank(src);
      BaseBuffer input_buffer = src_rank.get_input_buffer();
      const int dst = step_pairs[step][src];
      const int index = peer_slot(dst, src);
      semaphores.at(std::make_pair(src, dst)).acquire({.tb = 1});
      channels.at(std::make_pair(dst, src))
          .wait({.tb = 1, .data_sync = SyncType::after});
      src_rank.copy(input_buffer.slice(dst, dst + 1),
                    scratch_buffer[src].slice(index, index + 1), {.tb = 1});
    }
  }
}
