// AllGather over port channels in one thread block per rank: after a
// handshake, each rank puts its `chunks` chunks to every peer and then
// signals that peer (order 0: per peer, put then signal; order 1: all the
// puts, then all the signals). Fused, a peer's puts are one op whose
// threads push them in parallel, and the signal after it is pushed by
// thread 0 alone: nothing but a nop keeps it behind thread 1's transfer on
// the way to the proxy. mscclc puts that nop in (dialect.md §5.4
// Q-PORTPUSH); the reference Python DSL does not.
#include <mscclpp/dsl.hpp>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ag_port_push_order(int num_gpus = 3, int chunks = 2,
                                          int order = 0, int instances = 1,
                                          bool auto_sync = true) {
  const int n = num_gpus, cf = chunks;
  AllGather collective(n, cf, false);
  CollectiveProgram program(
      "ag_port_push_order", collective, n,
      {.instances = instances, .protocol = Protocol::Simple,
       .auto_sync = auto_sync});
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    BaseBuffer own = rank.get_input_buffer();
    std::vector<int> peers;
    for (int s = 1; s < n; ++s)
      peers.push_back((r + s) % n);
    std::map<int, PortChannel> channels;
    for (int p : peers)
      channels.emplace(p, PortChannel(p, r));
    for (int p : peers)
      channels.at(p).signal({.tb = 0, .data_sync = SyncType::none});
    for (int p : peers)
      channels.at(p).wait({.tb = 0, .data_sync = SyncType::after});
    for (int p : peers) {
      BaseBuffer dst = Rank(p).get_output_buffer();
      for (int j = 0; j < cf; ++j)
        channels.at(p).put(dst.slice(r * cf + j, r * cf + j + 1),
                           own.slice(j, j + 1), {.tb = 0});
      if (order == 0)
        channels.at(p).signal({.tb = 0, .data_sync = SyncType::none});
    }
    if (order == 1)
      for (int p : peers)
        channels.at(p).signal({.tb = 0, .data_sync = SyncType::none});
    for (int j = 0; j < cf; ++j)
      rank.copy(rank.get_output_buffer().slice(r * cf + j, r * cf + j + 1),
                own.slice(j, j + 1), {.tb = 0});
    for (int p : peers)
      channels.at(p).wait({.tb = 0, .data_sync = SyncType::after});
    // Closing round: a peer signals after its wait, so this rank learns
    // that its own transfers landed (its proxy has read its input) before
    // the next call overwrites the input.
    for (int p : peers)
      channels.at(p).signal({.tb = 0, .data_sync = SyncType::none});
    for (int p : peers)
      channels.at(p).wait({.tb = 0, .data_sync = SyncType::none});
  }
}
