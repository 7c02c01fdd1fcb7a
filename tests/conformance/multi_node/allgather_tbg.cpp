// Multi-node out-of-place all-gather with thread-block groups: chunks move one
// node per step around a ring over port channels (put+signal+flush into the
// next node's scratch); each step every rank pushes the chunk it holds to its
// local peers, one tb group per peer, and copies arrivals into its output.
// Port of python/mscclpp/language/tests/multi_node/allgather_tbg.py.
// Parameters: name, num_gpus, gpus_per_node, tbg_size, threads, min/max size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_tbg(std::string_view name = "allgather_tbg",
                                     int num_gpus = 16, int gpus_per_node = 8,
                                     int tbg_size = 2,
                                     int num_threads_per_block = 1024,
                                     std::uint64_t min_message_size = 0,
                                     std::uint64_t max_message_size = UINT64_MAX) {
  // Upstream's call site passes --gpus_per_node to the function's tbg_size
  // parameter and --tbg_size to its gpus_per_node parameter. Keep that
  // mapping so that each -P value means what the upstream flag means.
  const int local_ranks = tbg_size;     // ranks per node inside the program
  const int group_size = gpus_per_node; // thread blocks per group
  const int nodes = num_gpus / local_ranks;
  const int chunks_per_loop = 1;
  AllGather collective(num_gpus, chunks_per_loop, false);
  CollectiveProgram program(name, collective, num_gpus,
                            {.protocol = Protocol::Simple,
                             .reuse_resources = false,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // Python-style modulo (non-negative for a positive divisor).
  auto py_mod = [](int a, int n) { return ((a % n) + n) % n; };

  // Thread block 0 does the inter-node work; local peer slot k uses the
  // group of thread blocks starting at tb_offset + k * group_size.
  const int tb_offset = 1;
  const int total_tb = local_ranks * group_size + tb_offset;

  // Per rank: scratch for every chunk, group_size memory channels per local
  // peer, and port channels to the next node (key 0) and the previous one
  // (key 1). With two nodes both are the same peer and share one channel.
  std::vector<Buffer> scratch_buffer;
  std::map<std::tuple<int, int, int>, MemoryChannel> memory_channels;
  std::map<std::pair<int, int>, PortChannel> port_channels;
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < local_ranks; ++gpu) {
      const int src = gpu + local_ranks * node;
      const int next_rank = py_mod(gpu + local_ranks * (node + 1), num_gpus);
      const int previous_rank = py_mod(gpu + local_ranks * (node - 1), num_gpus);
      scratch_buffer.push_back(Buffer(src, num_gpus));
      for (int peer = 0; peer < local_ranks; ++peer)
        if (peer != gpu)
          for (int tb = 0; tb < group_size; ++tb) {
            const int dst = peer + local_ranks * node;
            memory_channels.emplace(std::make_tuple(dst, src, tb),
                                    MemoryChannel(dst, src));
          }
      port_channels.emplace(std::make_pair(src, 0),
                            PortChannel(next_rank, src));
      if (nodes != 2)
        port_channels.emplace(std::make_pair(src, 1),
                              PortChannel(previous_rank, src));
      else
        port_channels.emplace(std::make_pair(src, 1),
                              port_channels.at(std::make_pair(src, 0)));
    }

  // Thread-block groups, one per local peer slot (the last one also does the
  // local copy), and their member lists.
  std::vector<ThreadBlockGroup> tbgs;
  std::vector<std::vector<int>> tbg_lists;
  for (int gpu = 0; gpu < local_ranks; ++gpu) {
    std::vector<int> tb_list;
    for (int i = gpu * group_size + tb_offset;
         i < gpu * group_size + tb_offset + group_size; ++i)
      tb_list.push_back(i);
    tbgs.push_back(ThreadBlockGroup(tb_list));
    tbg_lists.push_back(tb_list);
  }
  std::vector<int> all_tbs;
  for (int tb = 0; tb < total_tb; ++tb)
    all_tbs.push_back(tb);

  // Intra-node readiness handshake, one channel per group member.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < local_ranks; ++gpu) {
      const int src = gpu + local_ranks * node;
      for (int peer = 0; peer < local_ranks; ++peer) {
        if (peer == gpu)
          continue;
        const int dst = peer + local_ranks * node;
        const int tbg_id = peer < gpu ? peer : peer - 1;
        for (int i = 0; i < tbgs[tbg_id].numtb(); ++i)
          memory_channels.at(std::make_tuple(dst, src, i))
              .signal({.tb = tbg_lists[tbg_id][i],
                       .data_sync = SyncType::none,
                       .relaxed = true});
      }
    }
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < local_ranks; ++gpu) {
      const int src = gpu + local_ranks * node;
      for (int peer = 0; peer < local_ranks; ++peer) {
        if (peer == gpu)
          continue;
        const int dst = peer + local_ranks * node;
        const int tbg_id = peer < gpu ? peer : peer - 1;
        for (int i = 0; i < tbgs[tbg_id].numtb(); ++i)
          memory_channels.at(std::make_tuple(dst, src, i))
              .wait({.tb = tbg_lists[tbg_id][i],
                     .data_sync = SyncType::after,
                     .relaxed = true});
      }
    }

  // Inter-node readiness: tell the previous node, wait for the next one.
  for (int node = 0; node < nodes; ++node)
    for (int gpu = 0; gpu < local_ranks; ++gpu) {
      const int src = gpu + local_ranks * node;
      port_channels.at(std::make_pair(src, 1))
          .signal({.tb = 0, .data_sync = SyncType::none});
      port_channels.at(std::make_pair(src, 0))
          .wait({.tb = 0, .data_sync = SyncType::after});
    }

  for (int step = 0; step < nodes; ++step) {
    // Inter-node: pass the chunk that arrived in the previous step (the own
    // input at step 0) on to the next node.
    for (int node = 0; node < nodes; ++node)
      for (int gpu = 0; gpu < local_ranks; ++gpu) {
        const int src = gpu + local_ranks * node;
        Rank src_rank(src);
        BaseBuffer src_input_buffer = src_rank.get_input_buffer();
        const int next_rank = py_mod(gpu + local_ranks * (node + 1), num_gpus);
        const int index = py_mod(gpu + local_ranks * (node - step), num_gpus);
        if (step != 0) {
          port_channels.at(std::make_pair(src, 1)).wait({.tb = 0});
          src_rank.barrier(all_tbs);
        }
        if (step != nodes - 1) {
          if (step == 0)
            port_channels.at(std::make_pair(src, 0))
                .put_with_signal_and_flush(
                    scratch_buffer[next_rank].slice(index, index + 1),
                    src_input_buffer.slice(0, 1), {.tb = 0});
          else
            port_channels.at(std::make_pair(src, 0))
                .put_with_signal_and_flush(
                    scratch_buffer[next_rank].slice(index, index + 1),
                    scratch_buffer[src].slice(index, index + 1), {.tb = 0});
        }
      }

    // Intra-node: push this step's chunk to every local peer (one group per
    // peer), handshake per group member, and copy the peer's chunk of this
    // step from scratch into the output; finally copy the own one.
    for (int node = 0; node < nodes; ++node)
      for (int gpu = 0; gpu < local_ranks; ++gpu) {
        const int src = gpu + local_ranks * node;
        Rank src_rank(src);
        BaseBuffer input_buffer = src_rank.get_input_buffer();
        BaseBuffer output_buffer = src_rank.get_output_buffer();
        const int local_index =
            py_mod(gpu + local_ranks * (node - step), num_gpus);
        for (int peer = 0; peer < local_ranks; ++peer) {
          if (peer == gpu)
            continue;
          const int dst = peer + local_ranks * node;
          const int tbg_id = peer < gpu ? peer : peer - 1;
          const int remote_index =
              py_mod(peer + local_ranks * (node - step), num_gpus);
          if (step == 0)
            memory_channels.at(std::make_tuple(dst, src, 0))
                .put(scratch_buffer[dst].slice(local_index, local_index + 1),
                     input_buffer.slice(0, 1), {.tb_group = tbgs[tbg_id]});
          else
            memory_channels.at(std::make_tuple(dst, src, 0))
                .put(scratch_buffer[dst].slice(local_index, local_index + 1),
                     scratch_buffer[src].slice(local_index, local_index + 1),
                     {.tb_group = tbgs[tbg_id]});
          for (int i = 0; i < tbgs[tbg_id].numtb(); ++i) {
            const int tb = tbg_lists[tbg_id][i];
            memory_channels.at(std::make_tuple(dst, src, i))
                .signal({.tb = tb, .data_sync = SyncType::before});
            memory_channels.at(std::make_tuple(dst, src, i))
                .wait({.tb = tb, .data_sync = SyncType::after});
          }
          src_rank.copy(output_buffer.slice(remote_index, remote_index + 1),
                        scratch_buffer[src].slice(remote_index, remote_index + 1),
                        {.tb_group = tbgs[tbg_id]});
        }
        if (step == 0)
          src_rank.copy(output_buffer.slice(local_index, local_index + 1),
                        input_buffer.slice(0, 1),
                        {.tb_group = tbgs[local_ranks - 1]});
        else
          src_rank.copy(output_buffer.slice(local_index, local_index + 1),
                        scratch_buffer[src].slice(local_index, local_index + 1),
                        {.tb_group = tbgs[local_ranks - 1]});
      }
  }
}
