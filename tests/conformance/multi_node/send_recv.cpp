// Ring send/receive over port channels: ranks are split into groups of
// split_mask+1 consecutive ranks; every rank sends its whole input to the rank
// at the same position in the next group and receives from the previous one.
// Port of python/mscclpp/language/tests/multi_node/send_recv.py.
// Parameters: name, nnodes, gpus_per_node, split_mask, instances, and the
// usual num_threads_per_block / min/max_message_size (fixed upstream).
#include <cassert>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void send_recv(std::string_view name = "send_recv",
                                 int nnodes = 1, int gpus_per_node = 8,
                                 int split_mask = 0, int instances = 4,
                                 int num_threads_per_block = 1024,
                                 std::uint64_t min_message_size = 0,
                                 std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = nnodes * gpus_per_node;
  const int group_size = split_mask + 1;
  // split_mask must be 2^k - 1 and the groups must tile the ranks (upstream
  // raises ValueError here).
  assert(split_mask >= 0 && (split_mask & (split_mask + 1)) == 0 &&
         "split_mask must be 2^k - 1");
  assert(gpu_size % group_size == 0 &&
         "the rank count must be a multiple of split_mask + 1");

  SendRecv collective(gpu_size, 1, false);
  CollectiveProgram program(name, collective, gpu_size,
                            {.instances = instances,
                             .protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  const int num_groups = gpu_size / group_size;
  // Indexed by global rank (ranks are visited in increasing order).
  std::vector<PortChannel> next_channels; // sends to the next group
  std::vector<PortChannel> prev_channels; // talks to the previous group
  std::vector<std::pair<int, int>> prev_next_ids;
  for (int node = 0; node < nnodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int rank = gpu + gpus_per_node * node;
      const int position = rank & split_mask;
      const int group = rank / group_size;
      const int next_rank = ((group + 1) % num_groups) * group_size + position;
      const int prev_rank =
          ((group - 1 + num_groups) % num_groups) * group_size + position;
      // With only two groups prev and next are the same peer, so the two
      // channels to it get consecutive ids; the higher rank creates them in
      // the opposite order so that each side's "prev" id matches the other
      // side's "next" id.
      if (prev_rank == next_rank && rank > prev_rank) {
        prev_channels.push_back(PortChannel(prev_rank, rank));
        next_channels.push_back(PortChannel(next_rank, rank));
      } else {
        next_channels.push_back(PortChannel(next_rank, rank));
        prev_channels.push_back(PortChannel(prev_rank, rank));
      }
      prev_next_ids.push_back(std::make_pair(prev_rank, next_rank));
    }

  // Tell the previous rank we are ready, wait until the next one is, send the
  // whole input buffer to the next rank's output with a signal, and wait for
  // the previous rank's data.
  for (int node = 0; node < nnodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int rank = gpu + gpus_per_node * node;
      const int next_rank = prev_next_ids[rank].second;
      prev_channels[rank].signal({.tb = 0, .data_sync = SyncType::none});
      next_channels[rank].wait({.tb = 0, .data_sync = SyncType::after});

      BaseBuffer src_buffer = Rank(rank).get_input_buffer();
      BaseBuffer dst_buffer = Rank(next_rank).get_output_buffer();
      next_channels[rank].put_with_signal(dst_buffer.slice(),
                                          src_buffer.slice(), {.tb = 0});
      prev_channels[rank].wait({.tb = 0, .data_sync = SyncType::none});
    }
}
