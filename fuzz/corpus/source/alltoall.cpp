// All-to-all on one node through scratch: rank s puts its block for rank d
// into d's scratch slot for s (one thread block per peer), signals, and the
// receiver copies each scratch slot back into its input buffer in place.
// Port of python/mscclpp/language/tests/single_node/alltoall/alltoall.py.
// Parameters: name, num_gpus, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void alltoall(std::string_view name = "alltoall",
                                int num_gpus = 8,
                                int num_threads_per_block = 1024,
                                std::uint64_t min_message_size = 0,
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

  // Peers other than `self` numbered 0..gpu_size-2 in rank order: used both
  // as thread-block id and as scratch slot.
  auto peer_slot = [](int peer, int self) {
    return peer < self ? peer : peer - 1;
  };

  // A scratch buffer of gpu_size-1 slots per rank and one channel per
  // ordered pair, allocated rank by rank.
  std::vector<Buffer> scratch_buffer;
  std::map<std::pair<int, int>, MemoryChannel> channels;
  for (int src = 0; src < gpu_size; ++src) {
    scratch_buffer.push_back(Buffer(src, gpu_size - 1));
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        channels.emplace(std::make_pair(dst, src), MemoryChannel(dst, src));
  }

  // Readiness handshake, per rank: relaxed signals to all peers, then waits.
  for (int src = 0; src < gpu_size; ++src) {
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        channels.at(std::make_pair(dst, src))
            .signal({.tb = peer_slot(dst, src), .relaxed = true});
    for (int dst = 0; dst < gpu_size; ++dst)
      if (src != dst)
        channels.at(std::make_pair(dst, src))
            .wait({.tb = peer_slot(dst, src),
                   .data_sync = SyncType::after,
                   .relaxed = true});
  }

  // Send: block `dst` of src's input goes to slot peer_slot(src, dst) of
  // dst's scratch, followed by a signal.
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
    }
  }

  // Receive: wait for each peer's data, then copy it from scratch into the
  // peer's block of the input buffer.
  for (int src = 0; src < gpu_size; ++src) {
    Rank src_rank(src);
    BaseBuffer input_buffer = src_rank.get_input_buffer();
    for (int dst = 0; dst < gpu_size; ++dst) {
      if (dst == src)
        continue;
      const int index = peer_slot(dst, src);
      const int tb = index;
      channels.at(std::make_pair(dst, src))
          .wait({.tb = tb, .data_sync = SyncType::after});
      src_rank.copy(input_buffer.slice(dst, dst + 1),
                    scratch_buffer[src].slice(index, index + 1), {.tb = tb});
    }
  }
}
