// AllToAll by Bruck's algorithm, out of place, through scratch (see
// a2a_bruck.py): slot j of rank r's scratch holds the block for rank r+j;
// step k sends the slots with bit k set to rank r+2^k, whose receive area
// for step k takes them; ceil(log2 n) message rounds instead of n-1.
// ready = false drops each step's opening round, which is only needed when
// launches follow each other (a put may then land in a receive area its
// peer is still copying out of from the launch before).
#include <bit>
#include <map>
#include <mscclpp/dsl.hpp>
#include <string_view>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void a2a_bruck(std::string_view name = "a2a_bruck",
                                 int num_gpus = 4, int chunk_factor = 1,
                                 int instances = 1, bool ready = true) {
  const int n = num_gpus, cf = chunk_factor;
  AllToAll collective(n, cf, /*inplace=*/false);
  const int steps = std::bit_width(unsigned(n - 1)); // ceil(log2 n)
  CollectiveProgram program(name, collective, n, {.instances = instances});
  auto mod = [n](int x) { return (x % n + n) % n; };

  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.emplace_back(r, n * cf * (1 + steps));
  // Slot j of area a: area 0 is the working copy, area k+1 receives step k.
  auto slot = [n, cf](const Buffer &buf, int area, int j) {
    const int base = (area * n + j) * cf;
    return buf.slice(base, base + cf);
  };

  // One channel per (rank, peer), even where r+2^k and r-2^k meet: two
  // channels to one peer would pair up by creation order, not by role.
  std::map<std::pair<int, int>, MemoryChannel> chans;
  for (int r = 0; r < n; ++r)
    for (int k = 0; k < steps; ++k)
      for (int peer : {mod(r + (1 << k)), mod(r - (1 << k))})
        if (!chans.contains({r, peer}))
          chans.emplace(std::pair{r, peer}, MemoryChannel(peer, r));

  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    const BaseBuffer inp = rank.get_input_buffer(),
                     out = rank.get_output_buffer();
    for (int j = 0; j < n; ++j) {
      const int src = mod(r + j);
      rank.copy(slot(scratch[r], 0, j), inp.slice(src * cf, (src + 1) * cf),
                {.tb = 0});
    }
    for (int k = 0; k < steps; ++k) {
      const int outPeer = mod(r + (1 << k)), inPeer = mod(r - (1 << k));
      MemoryChannel &toOut = chans.at({r, outPeer});
      MemoryChannel &toIn = chans.at({r, inPeer});
      std::vector<int> sent;
      for (int j = 0; j < n; ++j)
        if ((j >> k) & 1)
          sent.push_back(j);
      if (ready) { // the peer's receive area of step k is free again
        toIn.signal({.tb = 0, .relaxed = true});
        toOut.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
      }
      for (int j : sent)
        toOut.put(slot(scratch[outPeer], k + 1, j), slot(scratch[r], 0, j),
                  {.tb = 0});
      toOut.signal({.tb = 0, .data_sync = SyncType::before});
      toIn.wait({.tb = 0, .data_sync = SyncType::after});
      for (int j : sent)
        rank.copy(slot(scratch[r], 0, j), slot(scratch[r], k + 1, j),
                  {.tb = 0});
    }
    for (int j = 0; j < n; ++j) {
      const int src = mod(r - j);
      rank.copy(out.slice(src * cf, (src + 1) * cf), slot(scratch[r], 0, j),
                {.tb = 0});
    }
  }
}
