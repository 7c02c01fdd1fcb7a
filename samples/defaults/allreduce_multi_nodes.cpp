// Hierarchical multi-node AllReduce over the LL packet protocol, for N nodes
// of G GPUs (N = world_size / nranks_per_node):
//   1. intra-node reduce-scatter: every GPU packs slice p of its input to
//      local peer p, then reduces its own slice with what its peers sent;
//   2. inter-node allreduce: the locally reduced slice goes, as packets, to
//      the GPU with the same local index on every other node, and each GPU
//      adds in what the other nodes sent;
//   3. intra-node broadcast: the fully reduced slice is forwarded to every
//      local peer, which unpacks it into its input buffer.
// Each GPU's slice is num_nodes chunks ("packets_per_gpu") of the input.
//
// Port of upstream python/mscclpp/default_algos/allreduce_multi_nodes.py
// (allreduce_multi_nodes(spec, thread_block_group_size)). The parameters are
// the AlgoSpec fields that `python -m mscclpp --install` varies or could
// vary, plus the thread-block-group size; the spec's fixed fields (in-place
// AllReduce collective with chunk_factor 1, protocol LL, auto_sync off,
// resource reuse and double scratch buffering on, tag default=1) are built
// in.
//
//   mscclc samples/defaults/allreduce_multi_nodes.cpp -o plan.json
//       -P name=allreduce_2nodes_1K_64K -P world_size=16
//       -P nranks_per_node=8 -P thread_block_group_size=1
//       -P min_message_size=1024 -P max_message_size=65536
#include <cassert>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void
allreduce_multi_nodes(std::string_view name = "allreduce_multi_nodes",
                      int world_size = 16, int nranks_per_node = 8,
                      int instances = 1, int num_threads_per_block = 1024,
                      std::uint64_t min_message_size = 0,
                      std::uint64_t max_message_size = UINT64_MAX,
                      int thread_block_group_size = 1) {
  // Upstream validates nothing here. A world size that is not a multiple of
  // nranks_per_node makes a plan upstream whose last ranks get no work (a
  // wrong AllReduce, as mscclc sim shows); this port refuses it, as it does
  // a division by zero and an empty thread-block group.
  assert(nranks_per_node > 0 && world_size % nranks_per_node == 0 &&
         "world_size must be a multiple of nranks_per_node");
  assert(thread_block_group_size > 0 &&
         "thread_block_group_size must be positive");

  // In place only: the result is written back to the input buffer.
  AllReduce collective(world_size, /*chunk_factor=*/1, /*inplace=*/true);
  const AlgoSpec spec{.name = name,
                      .collective = collective,
                      .nranks_per_node = nranks_per_node,
                      .world_size = world_size,
                      .in_place = true,
                      .instances = instances,
                      .protocol = Protocol::LL,
                      .auto_sync = false,
                      .reuse_resources = true,
                      .num_threads_per_block = num_threads_per_block,
                      .use_double_scratch_buffer = true,
                      .min_message_size = min_message_size,
                      .max_message_size = max_message_size,
                      .tags = {{"default", "1"}}};

  const int num_nodes = spec.world_size / spec.nranks_per_node;
  const int gpus_per_node = spec.nranks_per_node;
  const int total_gpus = num_nodes * gpus_per_node;
  const int packets_per_gpu = num_nodes; // chunks in one GPU's slice
  const int tbg_size = thread_block_group_size;

  CollectiveProgram program = CollectiveProgram::from_spec(spec);

  // Thread block 0 drives the port channels; after it come G-1 groups of
  // tbg_size blocks, one per local peer (peer p of GPU g uses group p if
  // p < g, else p - 1), and the union of those groups does the reductions.
  const int tb_offset = 1;
  const int num_peer_tbs = (gpus_per_node - 1) * tbg_size;
  std::vector<int> all_peer_tbs;
  for (int tb = tb_offset; tb < tb_offset + num_peer_tbs; ++tb)
    all_peer_tbs.push_back(tb);
  const ThreadBlockGroup all_peers_tbg(all_peer_tbs);
  std::vector<ThreadBlockGroup> peer_tbg;
  for (int group = 0; group < gpus_per_node - 1; ++group) {
    std::vector<int> tbs;
    for (int k = 0; k < tbg_size; ++k)
      tbs.push_back(tb_offset + group * tbg_size + k);
    peer_tbg.push_back(ThreadBlockGroup(tbs));
  }
  // The barrier spans thread block 0 and all peer groups.
  std::vector<int> barrier_tbs;
  for (int tb = 0; tb < tb_offset + num_peer_tbs; ++tb)
    barrier_tbs.push_back(tb);

  // Scratch, in slices of packets_per_gpu chunks, three regions:
  //   [0, total_gpus)              slice from local peer p at slice p (the
  //                                own slot stages the locally reduced slice);
  //   [inter, inter + N * slice)   slice from node n at slice n (the own
  //                                node's slot stages the final result);
  //   [bcast, bcast + total_gpus)  final slice of local peer p at slice p.
  const int inter_offset = total_gpus;
  const int bcast_offset = total_gpus + packets_per_gpu * num_nodes;
  const int scratch_size = 2 * total_gpus + packets_per_gpu * num_nodes;
  auto slice_at = [&](int base, int index) {
    return std::make_pair(base + index * packets_per_gpu,
                          base + (index + 1) * packets_per_gpu);
  };

  // Per rank: its scratch buffer, a memory channel from it to each local
  // peer (keyed (peer, rank)) and a port channel from it to its counterpart
  // on each other node (keyed (rank, counterpart)).
  std::vector<Buffer> scratch;
  std::map<std::pair<int, int>, MemoryChannel> intra_ch;
  std::map<std::pair<int, int>, PortChannel> inter_ch;
  for (int node = 0; node < num_nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int rank = gpu + gpus_per_node * node;
      scratch.push_back(Buffer(rank, scratch_size));
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu) {
          const int peer_rank = peer + gpus_per_node * node;
          intra_ch.emplace(std::make_pair(peer_rank, rank),
                           MemoryChannel(peer_rank, rank));
        }
      for (int peer_node = 0; peer_node < num_nodes; ++peer_node)
        if (peer_node != node) {
          const int remote = (gpu + gpus_per_node * peer_node) % total_gpus;
          inter_ch.emplace(std::make_pair(rank, remote),
                           PortChannel(remote, rank));
        }
    }

  for (int node = 0; node < num_nodes; ++node)
    for (int gpu = 0; gpu < gpus_per_node; ++gpu) {
      const int rank_id = gpu + gpus_per_node * node;
      const Rank rank(rank_id);
      const BaseBuffer input = rank.get_input_buffer();
      const auto [own_lo, own_hi] = slice_at(0, gpu);
      const Chunk own_input = input.slice(own_lo, own_hi);

      // 1. Send local peer p its slice of our input.
      for (int peer = 0; peer < gpus_per_node; ++peer) {
        if (peer == gpu)
          continue;
        const int peer_rank = peer + gpus_per_node * node;
        const int group = peer < gpu ? peer : peer - 1;
        const auto [dst_lo, dst_hi] = slice_at(0, gpu);
        const auto [src_lo, src_hi] = slice_at(0, peer);
        intra_ch.at(std::make_pair(peer_rank, rank_id))
            .put_packets(scratch[peer_rank].slice(dst_lo, dst_hi),
                         input.slice(src_lo, src_hi),
                         {.tb_group = peer_tbg[group]});
      }

      // Reduce our slice with the local peers' packets and stage the result
      // as packets in our own region-1 slot.
      std::vector<Chunk> from_local_peers;
      for (int peer = 0; peer < gpus_per_node; ++peer)
        if (peer != gpu) {
          const auto [lo, hi] = slice_at(0, peer);
          from_local_peers.push_back(scratch[rank_id].slice(lo, hi));
        }
      rank.reduce(own_input, from_local_peers,
                  {.tb_group = all_peers_tbg, .packet = true});
      rank.copy_packets(scratch[rank_id].slice(own_lo, own_hi), own_input,
                        {.tb_group = all_peers_tbg});

      rank.barrier(barrier_tbs);

      // 2. Ship the staged packets to our counterpart on every other node,
      // into its region-2 slot for our node.
      for (int peer_node = 0; peer_node < num_nodes; ++peer_node) {
        if (peer_node == node)
          continue;
        const int remote = (gpu + gpus_per_node * peer_node) % total_gpus;
        const auto [dst_lo, dst_hi] = slice_at(inter_offset, node);
        inter_ch.at(std::make_pair(rank_id, remote))
            .put_packets(scratch[remote].slice(dst_lo, dst_hi),
                         scratch[rank_id].slice(own_lo, own_hi), {.tb = 0});
      }

      // Add in the other nodes' partial sums; stage the final slice as
      // packets in our own node's region-2 slot.
      std::vector<Chunk> from_other_nodes;
      for (int peer_node = 0; peer_node < num_nodes; ++peer_node)
        if (peer_node != node) {
          const auto [lo, hi] = slice_at(inter_offset, peer_node);
          from_other_nodes.push_back(scratch[rank_id].slice(lo, hi));
        }
      rank.reduce(own_input, from_other_nodes,
                  {.tb_group = all_peers_tbg, .packet = true});
      const auto [final_lo, final_hi] = slice_at(inter_offset, node);
      const Chunk final_packets = scratch[rank_id].slice(final_lo, final_hi);
      rank.copy_packets(final_packets, own_input, {.tb_group = all_peers_tbg});

      // 3. Forward the final slice to every local peer (region 3, slot gpu).
      for (int peer = 0; peer < gpus_per_node; ++peer) {
        if (peer == gpu)
          continue;
        const int peer_rank = peer + gpus_per_node * node;
        const int group = peer < gpu ? peer : peer - 1;
        const auto [dst_lo, dst_hi] = slice_at(bcast_offset, gpu);
        intra_ch.at(std::make_pair(peer_rank, rank_id))
            .read_put_packets(scratch[peer_rank].slice(dst_lo, dst_hi),
                              final_packets, {.tb_group = peer_tbg[group]});
      }

      // Unpack the final slices the local peers forwarded to us.
      for (int peer = 0; peer < gpus_per_node; ++peer) {
        if (peer == gpu)
          continue;
        const int group = peer < gpu ? peer : peer - 1;
        const auto [dst_lo, dst_hi] = slice_at(0, peer);
        const auto [src_lo, src_hi] = slice_at(bcast_offset, peer);
        rank.unpack_packets(input.slice(dst_lo, dst_hi),
                            scratch[rank_id].slice(src_lo, src_hi),
                            {.tb_group = peer_tbg[group]});
      }
    }
}
