// Hierarchical AllReduce over 2 nodes x G ranks (see hier_allreduce.py).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void hier_allreduce(std::string_view name = "hier_allreduce",
                                      int gpus_per_node = 2, int instances = 1,
                                      int num_threads_per_block = 1024) {
  const int nodes = 2;
  const int G = gpus_per_node;
  const int R = nodes * G;
  AllReduce collective(R, 1, true);
  CollectiveProgram program(name, collective, R,
                            {.instances = instances,
                             .protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block});
  std::vector<Buffer> scratch;
  for (int r = 0; r < R; ++r)
    scratch.push_back(Buffer(r, 1));

  auto partner = [&](int r) { return (r + G) % R; };
  auto local_peers = [&](int r) {
    std::vector<int> out;
    const int node = r / G;
    for (int q = node * G; q < node * G + G; ++q)
      if (q != r)
        out.push_back(q);
    return out;
  };

  std::map<std::pair<int, int>, MemoryChannel> mem_rs, mem_ag;
  std::vector<PortChannel> port;
  for (int r = 0; r < R; ++r) {
    for (int q : local_peers(r))
      mem_rs.emplace(std::make_pair(r, q), MemoryChannel(q, r));
    port.push_back(PortChannel(partner(r), r));
    for (int q : local_peers(r))
      mem_ag.emplace(std::make_pair(r, q), MemoryChannel(q, r));
  }

  for (int r = 0; r < R; ++r) {
    Rank rank(r);
    BaseBuffer inp = rank.get_input_buffer();
    const int p = partner(r);
    for (int q : local_peers(r))
      mem_rs.at({r, q}).signal({.tb = 0, .relaxed = true});
    for (int q : local_peers(r))
      mem_rs.at({r, q}).wait(
          {.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    for (int c : {r, p})
      for (int q : local_peers(r)) {
        BaseBuffer qin = Rank(q).get_input_buffer();
        mem_rs.at({r, q}).reduce(inp.slice(c, c + 1), {qin.slice(c, c + 1)},
                                 {.tb = 0});
      }
    rank.barrier({0, 1});

    BaseBuffer pin = Rank(p).get_input_buffer();
    port[r].signal({.tb = 1, .data_sync = SyncType::before});
    port[r].wait({.tb = 1, .data_sync = SyncType::after});
    port[r].put_with_signal(scratch[p].slice(0, 1), inp.slice(p, p + 1),
                            {.tb = 1});
    port[r].wait({.tb = 1, .data_sync = SyncType::after});
    rank.reduce(inp.slice(r, r + 1), {scratch[r].slice(0, 1)}, {.tb = 1});
    port[r].put_with_signal_and_flush(pin.slice(r, r + 1), inp.slice(r, r + 1),
                                      {.tb = 1});
    port[r].wait({.tb = 1, .data_sync = SyncType::after});
    rank.barrier({1, 2});

    for (int q : local_peers(r)) {
      BaseBuffer qin = Rank(q).get_input_buffer();
      for (int c : {r, p})
        mem_ag.at({r, q}).put(qin.slice(c, c + 1), inp.slice(c, c + 1),
                              {.tb = 2});
    }
    for (int q : local_peers(r))
      mem_ag.at({r, q}).signal({.tb = 2, .data_sync = SyncType::before});
    for (int q : local_peers(r))
      mem_ag.at({r, q}).wait({.tb = 2, .data_sync = SyncType::after});
  }
}
