// AllGather in place on a bidirectional ring of memory channels: every rank
// forwards chunks both clockwise and counter-clockwise, so each chunk
// travels at most n/2 hops. At step s rank r puts chunk (r - s) mod n into
// the next rank's output and chunk (r + s) mod n into the previous rank's,
// signalling each; before forwarding a chunk it received, it waits for the
// signal that brought it (data_sync after). One channel per ordered pair of
// neighbours carries both directions (outbound and inbound signals are
// separate counters), all on thread block 0, so every wait on a channel
// comes in the order its partner signals. An opening exchange with both
// neighbours keeps a launch from writing into a neighbour that has not
// started it (the previous launch's result may still be read there).
// The Python twin is ag_bidir_ring.py.
#include <map>
#include <mscclpp/dsl.hpp>
#include <set>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

namespace {

struct Ring {
  int n;
  int chunk_factor = 1;
  // Chunk (r - s) reaches r + s + 1 clockwise; the other way one step
  // fewer when n is even (the farthest chunk comes clockwise).
  int clockwise_steps = n / 2;
  int counter_steps = (n - 1) / 2;

  int step(int r, int hop) const { return ((r + hop) % n + n) % n; }
  std::vector<int> neighbours(int r) const {
    std::set<int> both{step(r, 1), step(r, -1)};
    both.erase(r); // one rank: no neighbour
    return {both.begin(), both.end()};
  }
};

// A step of the ring; true once a chunk has arrived to be forwarded.
struct Hop {
  int s = 0;
  explicit operator bool() const { return s > 0; }
};

} // namespace

MSCCLPP_ALGORITHM void ag_bidir_ring(int num_gpus = 4, int chunk_factor = 1,
                                     int instances = 1) {
  AllGather collective(num_gpus, chunk_factor, /*inplace=*/true);
  CollectiveProgram program(
      "ag_bidir_ring", collective, num_gpus,
      {.instances = instances, .protocol = Protocol::Simple});
  const Ring ring{num_gpus, chunk_factor};

  std::map<std::pair<int, int>, MemoryChannel> channel;
  for (int r = 0; r < ring.n; ++r)
    for (int peer : ring.neighbours(r))
      channel.emplace(std::pair{r, peer}, MemoryChannel(peer, r));
  auto part = [&](int r, int index) {
    return Rank(r).get_output_buffer().slice(index * ring.chunk_factor,
                                             (index + 1) * ring.chunk_factor);
  };

  for (int r = 0; r < ring.n; ++r) {
    for (int peer : ring.neighbours(r))
      channel.at({r, peer}).signal({.tb = 0, .relaxed = true});
    for (int peer : ring.neighbours(r))
      channel.at({r, peer}).wait({.tb = 0, .relaxed = true});
  }

  const int steps[2] = {ring.clockwise_steps, ring.counter_steps};
  for (Hop hop_step; hop_step.s < steps[0]; ++hop_step.s)
    for (int direction = 0; direction < 2; ++direction) {
      if (hop_step.s >= steps[direction])
        continue;
      const int hop = direction == 0 ? 1 : -1;
      for (int r = 0; r < ring.n; ++r) {
        const int to = ring.step(r, hop), from = ring.step(r, -hop);
        Chunk forward = part(r, r); // its own chunk first
        if (hop_step) {
          channel.at({r, from}).wait({.tb = 0, .data_sync = SyncType::after});
          forward = part(r, ring.step(r, -hop * hop_step.s));
        }
        MemoryChannel out = channel.at({r, to}); // a copy: the same channel
        out.put(part(to, forward.index / ring.chunk_factor), forward,
                {.tb = 0});
        out.signal({.tb = 0, .data_sync = SyncType::before});
      }
    }
  // The last chunk each direction brings.
  for (int direction = 0; direction < 2; ++direction) {
    if (steps[direction] == 0)
      continue;
    const int hop = direction == 0 ? 1 : -1;
    for (int r = 0; r < ring.n; ++r)
      channel.at({r, ring.step(r, -hop)})
          .wait({.tb = 0, .data_sync = SyncType::after});
  }
}
