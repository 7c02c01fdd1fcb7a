// Hierarchical multi-node ReduceScatter over the LL packet protocol, for N
// nodes of G GPUs (N = world_size / nranks_per_node). Chunk c of the result
// belongs to rank c; it is reduced by the GPUs with c's local index:
//   1. every GPU packs, to each local peer q, the chunks owned by q's local
//      index on every node;
//   2. every GPU reduces, per node n, its peers' packets into the chunk owned
//      by its counterpart on n, stages that partial sum as packets and (for
//      n != own node) read-puts it to the owner over a port channel;
//   3. every owner unpacks its own node's partial sum and adds the partial
//      sums of the other nodes.
//
// Port of upstream python/mscclpp/default_algos/reducescatter_multi_nodes.py
// (reducescatter_multi_nodes(spec, thread_block_group_size)). The parameters
// are the AlgoSpec fields a caller sets plus the thread-block-group size;
// the fixed ones (ReduceScatter with chunk_factor 1, protocol LL, auto_sync
// off, resource reuse and double scratch buffering on, tag default=1) are
// built in. Upstream's validation is kept as early checks: a failing check
// creates no program.
//
//   mscclc samples/defaults/reducescatter_multi_nodes.cpp -o plan.json
//       -P name=reducescatter_2nodes -P world_size=16 -P nranks_per_node=8
#include <cassert>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reducescatter_multi_nodes(
    std::string_view name = "reducescatter_multi_nodes", int world_size = 16,
    int nranks_per_node = 8, bool in_place = true, int instances = 1,
    int num_threads_per_block = 1024, std::uint64_t min_message_size = 0,
    std::uint64_t max_message_size = UINT64_MAX,
    int thread_block_group_size = 1) {
  ReduceScatter collective(world_size, /*chunk_factor=*/1, in_place);
  const AlgoSpec spec{.name = name,
                      .collective = collective,
                      .nranks_per_node = nranks_per_node,
                      .world_size = world_size,
                      .in_place = in_place,
                      .instances = instances,
                      .protocol = Protocol::LL,
                      .auto_sync = false,
                      .reuse_resources = true,
                      .num_threads_per_block = num_threads_per_block,
                      .use_double_scratch_buffer = true,
                      .min_message_size = min_message_size,
                      .max_message_size = max_message_size,
                      .tags = {{"default", "1"}}};

  // Upstream's checks, which raise there (the ReduceScatter type is fixed by
  // construction).
  assert(spec.protocol == Protocol::LL && "requires protocol LL");
  assert(spec.nranks_per_node > 0 &&
         spec.world_size % spec.nranks_per_node == 0 &&
         "world_size must be divisible by nranks_per_node");
  assert(collective.chunk_factor() == 1 && "requires chunk_factor 1");
  assert(spec.in_place && collective.inplace() && "requires in-place buffers");
  assert(thread_block_group_size > 0 &&
         "thread_block_group_size must be positive");

  const int num_nodes = spec.world_size / spec.nranks_per_node;
  const int gpus_per_node = spec.nranks_per_node;
  const int total_gpus = spec.world_size;
  const int tbg_size = thread_block_group_size;
  // Index of `other` among the peers of `self`, skipping self.
  auto peer_slot = [](int self, int other) {
    return other < self ? other : other - 1;
  };

  CollectiveProgram program = CollectiveProgram::from_spec(spec);

  // Scratch slots per rank:
  //   [0, (G-1)N)         packets from local peer p for node n: p*N + n;
  //   [local_send, +N)    own partial sum for node n, staged as packets;
  //   [remote_recv, +N-1) partial sums from the other nodes.
  const int local_send = (gpus_per_node - 1) * num_nodes;
  const int remote_recv = local_send + num_nodes;
  const int scratch_slots = remote_recv + num_nodes - 1;
  std::vector<Buffer> scratch;
  for (int rank = 0; rank < total_gpus; ++rank)
    scratch.push_back(Buffer(rank, scratch_slots));

  // Logical thread block b (G-1 for sends to local peers, then one per node
  // for the reductions) is the group of tbg_size blocks [b*T, (b+1)*T).
  const int logical_tbs = (gpus_per_node - 1) + num_nodes;
  std::vector<ThreadBlockGroup> groups;
  std::vector<int> all_tbs;
  for (int b = 0; b < logical_tbs; ++b) {
    std::vector<int> tbs;
    for (int k = 0; k < tbg_size; ++k) {
      tbs.push_back(b * tbg_size + k);
      all_tbs.push_back(b * tbg_size + k);
    }
    groups.push_back(ThreadBlockGroup(tbs));
  }
  const ThreadBlockGroup all_tbg(all_tbs);
  const int reduce_group = gpus_per_node - 1; // first per-node group

  // Channels keyed (dst, src).
  std::map<std::pair<int, int>, MemoryChannel> intra_ch;
  for (int node = 0; node < num_nodes; ++node)
    for (int src_local = 0; src_local < gpus_per_node; ++src_local)
      for (int dst_local = 0; dst_local < gpus_per_node; ++dst_local) {
        if (src_local == dst_local)
          continue;
        const int src = src_local + node * gpus_per_node;
        const int dst = dst_local + node * gpus_per_node;
        intra_ch.emplace(std::make_pair(dst, src), MemoryChannel(dst, src));
      }
  std::map<std::pair<int, int>, PortChannel> inter_ch;
  for (int local = 0; local < gpus_per_node; ++local)
    for (int owner_node = 0; owner_node < num_nodes; ++owner_node) {
      const int owner = local + owner_node * gpus_per_node;
      for (int src_node = 0; src_node < num_nodes; ++src_node) {
        if (src_node == owner_node)
          continue;
        const int src = local + src_node * gpus_per_node;
        inter_ch.emplace(std::make_pair(owner, src), PortChannel(owner, src));
      }
    }

  // 1. Pack to local peer q the chunks owned by q's local index on each
  // node; the sends to q spread over q's group, one block per node.
  for (int node = 0; node < num_nodes; ++node)
    for (int src_local = 0; src_local < gpus_per_node; ++src_local) {
      const int src = src_local + node * gpus_per_node;
      const BaseBuffer src_input = Rank(src).get_input_buffer();
      for (int dst_local = 0; dst_local < gpus_per_node; ++dst_local) {
        if (src_local == dst_local)
          continue;
        const int dst = dst_local + node * gpus_per_node;
        const int from_slot = peer_slot(dst_local, src_local);
        const int group = peer_slot(src_local, dst_local);
        for (int owner_node = 0; owner_node < num_nodes; ++owner_node) {
          const int chunk = dst_local + owner_node * gpus_per_node;
          const int slot = from_slot * num_nodes + owner_node;
          intra_ch.at(std::make_pair(dst, src))
              .put_packets(scratch[dst].slice(slot, slot + 1),
                           src_input.slice(chunk, chunk + 1),
                           {.tb = group * tbg_size + owner_node % tbg_size});
        }
      }
    }

  // 2. Local partial sums, sent on to their owners on the other nodes.
  for (int src_node = 0; src_node < num_nodes; ++src_node)
    for (int local = 0; local < gpus_per_node; ++local) {
      const int src = local + src_node * gpus_per_node;
      const Rank rank(src);
      const BaseBuffer input = rank.get_input_buffer();
      for (int owner_node = 0; owner_node < num_nodes; ++owner_node) {
        const ThreadBlockGroup &tbg = groups[reduce_group + owner_node];
        const int owner = local + owner_node * gpus_per_node;
        const Chunk partial = input.slice(owner, owner + 1);
        std::vector<Chunk> from_peers;
        for (int peer = 0; peer < gpus_per_node; ++peer) {
          if (peer == local)
            continue;
          const int slot = peer_slot(local, peer) * num_nodes + owner_node;
          from_peers.push_back(scratch[src].slice(slot, slot + 1));
        }
        if (!from_peers.empty()) // a node of one GPU has nothing to add
          rank.reduce(partial, from_peers, {.tb_group = tbg, .packet = true});

        if (num_nodes == 1)
          continue;
        const int staged = local_send + owner_node;
        rank.copy_packets(scratch[src].slice(staged, staged + 1), partial,
                          {.tb_group = tbg});
        if (src_node == owner_node)
          continue;
        const int recv = remote_recv + peer_slot(owner_node, src_node);
        inter_ch.at(std::make_pair(owner, src))
            .read_put_packets(scratch[owner].slice(recv, recv + 1),
                              scratch[src].slice(staged, staged + 1),
                              {.tb_group = tbg});
      }
    }

  if (num_nodes == 1)
    return;

  // 3. Each owner takes its own node's partial sum and adds the others'.
  for (int owner = 0; owner < total_gpus; ++owner) {
    const Rank rank(owner);
    const int owner_node = owner / gpus_per_node;
    const Chunk result = rank.get_input_buffer().slice(owner, owner + 1);
    const int staged = local_send + owner_node;
    rank.unpack_packets(result, scratch[owner].slice(staged, staged + 1),
                        {.tb_group = all_tbg});
    std::vector<Chunk> from_nodes;
    for (int m = 0; m < num_nodes - 1; ++m)
      from_nodes.push_back(
          scratch[owner].slice(remote_recv + m, remote_recv + m + 1));
    rank.reduce(result, from_nodes, {.tb_group = all_tbg, .packet = true});
  }
}
