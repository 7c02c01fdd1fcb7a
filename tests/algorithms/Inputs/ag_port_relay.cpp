// AllGather out of place over port channels, auto_sync = false, where the
// program relies on which thread of a fused signal or wait takes which
// channel. On thread block 0, rank r first uses its port channels in an
// order that gives the ring neighbours the thread-block ids 9 (r + 1) and
// 1 (r - 1). Python keeps a fused signal's or wait's ids in a set and
// writes them in CPython's set order: [9, 1], so thread 0 of each such op
// takes r + 1 and thread 1 takes r - 1, as in the puts beside them:
//   - the puts to both neighbours fuse into a put on [9, 1], and the
//     signals after them (data_sync none) into a signal on [9, 1]: each
//     thread signals after its own transfer, no nop needed;
//   - the waits (data_sync none) fuse into a wait on [9, 1], and each
//     thread then forwards the block it waited for, to the other
//     neighbour, in a put on [1, 9] (then a barrier, as the signals
//     after it are on [9, 1] again).
// The other ranks' slots travel over memory channels on thread block 1.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ag_port_relay(int num_gpus = 11) {
  const int n = num_gpus;
  AllGather collective(n, 1, false);
  CollectiveProgram program("ag_port_relay", collective, n,
                            {.auto_sync = false});
  std::vector<Buffer> first, second;
  for (int r = 0; r < n; ++r)
    first.push_back(Buffer(r, n));
  for (int r = 0; r < n; ++r)
    second.push_back(Buffer(r, n));
  const SyncType none = SyncType::none;
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    BaseBuffer in = rank.get_input_buffer();
    BaseBuffer out = rank.get_output_buffer();
    const int next = (r + 1) % n, prev = (r + n - 1) % n;
    const int next2 = (r + 2) % n, prev2 = (r + n - 2) % n;
    // First use: one far peer, prev (id 1), the other far peers, next.
    std::vector<int> order;
    for (int p = 0; p < n; ++p)
      if (p != r && p != next && p != prev)
        order.push_back(p);
    order.insert(order.begin() + 1, prev);
    order.push_back(next);
    std::vector<PortChannel> port;
    for (int p : order)
      port.push_back(PortChannel(p, r));
    // A handshake with every peer, split by a barrier so that no op
    // names more than the executor's 8 channels.
    auto handshake = [&] {
      for (size_t i = 0; i < port.size(); ++i) {
        if (i == 5)
          rank.barrier({0});
        port[i].signal({.tb = 0});
      }
      for (size_t i = 0; i < port.size(); ++i) {
        if (i == 5)
          rank.barrier({0});
        port[i].wait({.tb = 0});
      }
    };
    handshake();
    PortChannel &toNext = port.back(), &toPrev = port[1];
    rank.copy(out.slice(r, r + 1), in.slice(0, 1), {.tb = 0});
    toNext.put(first[next].slice(r, r + 1), in.slice(0, 1), {.tb = 0});
    toPrev.put(first[prev].slice(r, r + 1), in.slice(0, 1), {.tb = 0});
    toNext.signal({.tb = 0, .data_sync = none});
    toPrev.signal({.tb = 0, .data_sync = none});
    toNext.wait({.tb = 0, .data_sync = none});
    toPrev.wait({.tb = 0, .data_sync = none});
    toPrev.put(second[prev].slice(next, next + 1),
               first[r].slice(next, next + 1), {.tb = 0});
    toNext.put(second[next].slice(prev, prev + 1),
               first[r].slice(prev, prev + 1), {.tb = 0});
    // Those puts' threads are not the signals' threads: a barrier.
    rank.barrier({0});
    toNext.signal({.tb = 0, .data_sync = none});
    toPrev.signal({.tb = 0, .data_sync = none});
    toNext.wait({.tb = 0, .data_sync = none});
    toPrev.wait({.tb = 0, .data_sync = SyncType::after});
    rank.copy(out.slice(next, next + 1), first[r].slice(next, next + 1),
              {.tb = 0});
    rank.copy(out.slice(prev, prev + 1), first[r].slice(prev, prev + 1),
              {.tb = 0});
    rank.copy(out.slice(next2, next2 + 1), second[r].slice(next2, next2 + 1),
              {.tb = 0});
    rank.copy(out.slice(prev2, prev2 + 1), second[r].slice(prev2, prev2 + 1),
              {.tb = 0});
    handshake();
    std::vector<int> far;
    for (int p = 0; p < n; ++p)
      if (p != r && p != next && p != prev && p != next2 && p != prev2)
        far.push_back(p);
    std::vector<MemoryChannel> memory;
    for (int p : far)
      memory.push_back(MemoryChannel(p, r));
    for (MemoryChannel &c : memory)
      c.signal({.tb = 1, .relaxed = true});
    for (MemoryChannel &c : memory)
      c.wait({.tb = 1, .relaxed = true});
    for (size_t i = 0; i < far.size(); ++i)
      memory[i].put(Rank(far[i]).get_output_buffer().slice(r, r + 1),
                    in.slice(0, 1), {.tb = 1});
    for (MemoryChannel &c : memory)
      c.signal({.tb = 1});
    for (MemoryChannel &c : memory)
      c.wait({.tb = 1});
  }
}
