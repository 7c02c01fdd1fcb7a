// AllGather out of place over port channels with auto_sync = false and 4
// threads per block: a run of port puts to every peer, then one run of
// signals (data_sync none) on the same channels (A) and on a second set
// (B), in the order A[last], B[0..2], A[0..last-1], B[3..]. Python fuses
// each run into one op, where thread k pushes both channel k's put and its
// signal (the ids come out of the set ascending), so no nop is needed. At
// 4 threads the executor cannot run those ops (a port put or signal hands
// one entry to each thread), and mscclc splits both runs: then a part's
// thread no longer pushes the same channel as in the other op's part, and
// only the nops fusion adds around split runs (auto_sync being off) order
// each signal after its channel's put.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ag_port_split_noauto(int num_gpus = 7,
                                            int threads = 4) {
  const int n = num_gpus;
  AllGather collective(n, 1, false);
  CollectiveProgram program(
      "ag_port_split_noauto", collective, n,
      {.auto_sync = false, .num_threads_per_block = threads});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, n));
  const SyncType none = SyncType::none;
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    Chunk own = rank.get_input_buffer().slice(0, 1);
    std::vector<int> peers;
    std::vector<PortChannel> a, b;
    for (int p = 0; p < n; ++p)
      if (p != r) {
        peers.push_back(p);
        a.push_back(PortChannel(p, r));
      }
    for (int p : peers)
      b.push_back(PortChannel(p, r));
    const int m = int(peers.size());
    rank.copy(rank.get_output_buffer().slice(r, r + 1), own, {.tb = 0});
    for (int i = 0; i < m; ++i)
      a[i].put(scratch[peers[i]].slice(r, r + 1), own, {.tb = 0});
    a[m - 1].signal({.tb = 0, .data_sync = none});
    for (int i = 0; i < 3; ++i)
      b[i].signal({.tb = 0, .data_sync = none});
    for (int i = 0; i < m - 1; ++i)
      a[i].signal({.tb = 0, .data_sync = none});
    for (int i = 3; i < m; ++i)
      b[i].signal({.tb = 0, .data_sync = none});
    for (int i = 0; i < m; ++i)
      a[i].wait({.tb = 0, .data_sync = SyncType::after});
    for (int i = 0; i < m; ++i)
      b[i].wait({.tb = 0, .data_sync = SyncType::after});
    for (int p : peers)
      rank.copy(rank.get_output_buffer().slice(p, p + 1),
                scratch[r].slice(p, p + 1), {.tb = 0});
    for (int i = 0; i < m; ++i)
      a[i].signal({.tb = 0, .data_sync = SyncType::before});
    for (int i = 0; i < m; ++i)
      a[i].wait({.tb = 0, .data_sync = SyncType::after});
  }
}
