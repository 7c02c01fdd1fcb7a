// Hierarchical multi-node AllGather over the LL packet protocol, for N nodes
// of G GPUs (N = world_size / nranks_per_node). Rank r contributes one chunk,
// output[r] (in place) or input[0] (out of place, then also copied to
// output[r]). Three phases, each a packet send followed by an unpack:
//   0. every GPU packs its chunk to each local peer;
//   1. every GPU packs its chunk to the GPU with the same local index on
//      each other node (staged locally as packets, then read-put over a port
//      channel);
//   2. every GPU forwards each chunk received in phase 1 to its local peers.
//
// Port of upstream python/mscclpp/default_algos/allgather_multi_nodes.py
// (allgather_multi_nodes(spec)). The parameters are the AlgoSpec fields its
// command line sets; the fixed ones (AllGather with chunk_factor 1, protocol
// LL, auto_sync off, resource reuse and double scratch buffering on, tag
// default=1) are built in. Upstream's validation is kept as early checks: a
// failing check creates no program.
//
//   mscclc samples/defaults/allgather_multi_nodes.cpp -o plan.json
//       -P name=allgather_2nodes -P world_size=16 -P nranks_per_node=8
#include <cassert>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_multi_nodes(
    std::string_view name = "allgather_multi_nodes", int world_size = 16,
    int nranks_per_node = 8, bool in_place = false, int instances = 1,
    int num_threads_per_block = 1024, std::uint64_t min_message_size = 1 << 10,
    std::uint64_t max_message_size = 8 << 20) {
  AllGather collective(world_size, /*chunk_factor=*/1, in_place);
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

  // Upstream's checks, which raise there (the AllGather type is fixed by
  // construction).
  assert(spec.protocol == Protocol::LL && "requires protocol LL");
  assert(spec.nranks_per_node > 0 &&
         spec.world_size % spec.nranks_per_node == 0 &&
         "world_size must be divisible by nranks_per_node");
  assert(collective.chunk_factor() == 1 && "requires chunk_factor 1");
  assert(spec.in_place == collective.inplace() &&
         "spec.in_place must match the collective's");

  const int num_nodes = spec.world_size / spec.nranks_per_node;
  const int gpus_per_node = spec.nranks_per_node;
  const int total_gpus = spec.world_size;
  // Index of `other` among the G-1 (or N-1) peers of `self`, skipping self.
  auto peer_slot = [](int self, int other) {
    return other < self ? other : other - 1;
  };

  CollectiveProgram program = CollectiveProgram::from_spec(spec);

  // Scratch slots per rank:
  //   [0, G-1)                 phase-0 packets from local peers;
  //   [remote_recv, +N-1)      phase-1 packets from other nodes;
  //   [local_pkt, +N-1)        own chunk staged as packets, per remote node;
  //   [fanout, +(N-1)(G-1))    phase-2 packets: remote node slot m, local
  //                            forwarder slot p at fanout + p + (G-1)*m.
  const int remote_recv = gpus_per_node - 1;
  const int local_pkt = remote_recv + num_nodes - 1;
  const int fanout = local_pkt + num_nodes - 1;
  const int scratch_slots = fanout + (gpus_per_node - 1) * (num_nodes - 1);
  std::vector<Buffer> scratch;
  for (int rank = 0; rank < total_gpus; ++rank)
    scratch.push_back(Buffer(rank, scratch_slots));

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
    for (int src_node = 0; src_node < num_nodes; ++src_node)
      for (int dst_node = 0; dst_node < num_nodes; ++dst_node) {
        if (src_node == dst_node)
          continue;
        const int src = local + src_node * gpus_per_node;
        const int dst = local + dst_node * gpus_per_node;
        inter_ch.emplace(std::make_pair(dst, src), PortChannel(dst, src));
      }

  // Each rank's contribution.
  std::vector<Chunk> own_chunk;
  for (int rank_id = 0; rank_id < total_gpus; ++rank_id) {
    const Rank rank(rank_id);
    const Chunk out = rank.get_output_buffer().slice(rank_id, rank_id + 1);
    if (collective.inplace()) {
      own_chunk.push_back(out);
    } else {
      const Chunk in = rank.get_input_buffer().slice(0, 1);
      rank.copy(out, in, {.tb = 0});
      own_chunk.push_back(in);
    }
  }

  // Thread blocks: phase-0 sends (one per local peer), phase-0 unpacks, then
  // phase-1 sends and unpacks (one per remote node), then phase-2 sends and
  // unpacks (one per (remote node, local peer)).
  const int p0_send_tb = 0;
  const int p0_unpack_tb = p0_send_tb + gpus_per_node - 1;
  const int p1_send_tb = p0_unpack_tb + gpus_per_node - 1;
  const int p1_unpack_tb = p1_send_tb + num_nodes - 1;
  const int p2_send_tb = p1_unpack_tb + num_nodes - 1;
  const int p2_unpack_tb = p2_send_tb + (num_nodes - 1) * (gpus_per_node - 1);

  // Phase 0: local exchange.
  for (int node = 0; node < num_nodes; ++node)
    for (int src_local = 0; src_local < gpus_per_node; ++src_local)
      for (int dst_local = 0; dst_local < gpus_per_node; ++dst_local) {
        if (src_local == dst_local)
          continue;
        const int src = src_local + node * gpus_per_node;
        const int dst = dst_local + node * gpus_per_node;
        const int slot = peer_slot(dst_local, src_local);
        intra_ch.at(std::make_pair(dst, src))
            .put_packets(scratch[dst].slice(slot, slot + 1), own_chunk[src],
                         {.tb = p0_send_tb + peer_slot(src_local, dst_local)});
      }
  for (int node = 0; node < num_nodes; ++node)
    for (int dst_local = 0; dst_local < gpus_per_node; ++dst_local) {
      const int dst = dst_local + node * gpus_per_node;
      const Rank rank(dst);
      for (int src_local = 0; src_local < gpus_per_node; ++src_local) {
        if (src_local == dst_local)
          continue;
        const int src = src_local + node * gpus_per_node;
        const int slot = peer_slot(dst_local, src_local);
        rank.unpack_packets(rank.get_output_buffer().slice(src, src + 1),
                            scratch[dst].slice(slot, slot + 1),
                            {.tb = p0_unpack_tb + slot});
      }
    }

  // Phase 1: exchange with the same local index on the other nodes.
  for (int local = 0; local < gpus_per_node; ++local)
    for (int src_node = 0; src_node < num_nodes; ++src_node) {
      const int src = local + src_node * gpus_per_node;
      const Rank rank(src);
      for (int dst_node = 0; dst_node < num_nodes; ++dst_node) {
        if (src_node == dst_node)
          continue;
        const int node_slot = peer_slot(src_node, dst_node);
        const int staged = local_pkt + node_slot;
        rank.copy_packets(scratch[src].slice(staged, staged + 1),
                          own_chunk[src], {.tb = p1_send_tb + node_slot});
        const int dst = local + dst_node * gpus_per_node;
        const int recv = remote_recv + peer_slot(dst_node, src_node);
        inter_ch.at(std::make_pair(dst, src))
            .read_put_packets(scratch[dst].slice(recv, recv + 1),
                              scratch[src].slice(staged, staged + 1),
                              {.tb = p1_send_tb + node_slot});
      }
    }
  for (int local = 0; local < gpus_per_node; ++local)
    for (int dst_node = 0; dst_node < num_nodes; ++dst_node) {
      const int dst = local + dst_node * gpus_per_node;
      const Rank rank(dst);
      for (int src_node = 0; src_node < num_nodes; ++src_node) {
        if (src_node == dst_node)
          continue;
        const int src = local + src_node * gpus_per_node;
        const int node_slot = peer_slot(dst_node, src_node);
        const int recv = remote_recv + node_slot;
        rank.unpack_packets(rank.get_output_buffer().slice(src, src + 1),
                            scratch[dst].slice(recv, recv + 1),
                            {.tb = p1_unpack_tb + node_slot});
      }
    }

  // Phase 2: on each node, every GPU forwards the chunk it received from
  // remote node `from_node` to each local peer.
  for (int node = 0; node < num_nodes; ++node)
    for (int from_node = 0; from_node < num_nodes; ++from_node) {
      if (from_node == node)
        continue;
      const int node_slot = peer_slot(node, from_node);
      for (int fwd_local = 0; fwd_local < gpus_per_node; ++fwd_local) {
        const int fwd = fwd_local + node * gpus_per_node;
        const int recv = remote_recv + node_slot;
        for (int dst_local = 0; dst_local < gpus_per_node; ++dst_local) {
          if (fwd_local == dst_local)
            continue;
          const int dst = dst_local + node * gpus_per_node;
          const int slot = fanout + peer_slot(dst_local, fwd_local) +
                           (gpus_per_node - 1) * node_slot;
          const int tb = p2_send_tb + peer_slot(fwd_local, dst_local) +
                         (gpus_per_node - 1) * node_slot;
          intra_ch.at(std::make_pair(dst, fwd))
              .read_put_packets(scratch[dst].slice(slot, slot + 1),
                                scratch[fwd].slice(recv, recv + 1), {.tb = tb});
        }
      }
    }
  for (int node = 0; node < num_nodes; ++node)
    for (int from_node = 0; from_node < num_nodes; ++from_node) {
      if (from_node == node)
        continue;
      const int node_slot = peer_slot(node, from_node);
      for (int dst_local = 0; dst_local < gpus_per_node; ++dst_local) {
        const int dst = dst_local + node * gpus_per_node;
        const Rank rank(dst);
        for (int fwd_local = 0; fwd_local < gpus_per_node; ++fwd_local) {
          if (fwd_local == dst_local)
            continue;
          // The chunk's owner: the forwarder's counterpart on from_node.
          const int owner = fwd_local + from_node * gpus_per_node;
          const int peer =
              peer_slot(dst_local, fwd_local) + (gpus_per_node - 1) * node_slot;
          rank.unpack_packets(
              rank.get_output_buffer().slice(owner, owner + 1),
              scratch[dst].slice(fanout + peer, fanout + peer + 1),
              {.tb = p2_unpack_tb + peer});
        }
      }
    }
}
