// All-gather by a broadcast tree per chunk, built round by round from a
// frontier: in round `span`, every rank holding chunk s puts it to the
// rank `span` further on (relative to s) and signals; the receivers wait
// at the end of the round. The rounds hand their lists on with std::move
// and refill the moved-from ones, counting on them being empty, as
// libstdc++ leaves them. In place, thread block s carries chunk s.
#include <map>
#include <mscclpp/dsl.hpp>
#include <tuple>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ag_frontier_move(int num_ranks = 8) {
  const int n = num_ranks;
  AllGather collective(n, 1, /*inplace=*/true);
  CollectiveProgram program("ag_frontier_move", collective, n);
  // (chunk, from, to): rank from's channel to rank to, for the thread
  // block of that chunk (a channel's semaphore is its thread block's own).
  std::map<std::tuple<int, int, int>, MemoryChannel> channels;
  auto channel = [&](int s, int from, int to) -> MemoryChannel & {
    auto it = channels.find({s, from, to});
    if (it == channels.end())
      it = channels
               .emplace(std::make_tuple(s, from, to), MemoryChannel(to, from))
               .first;
    return it->second;
  };
  for (int s = 0; s < n; ++s) {
    std::vector<int> frontier{s}, next;
    std::vector<std::pair<int, int>> sent;
    for (int span = 1; span < n; span *= 2) {
      for (int x : frontier) {
        if ((x - s + n) % n + span < n) {
          const int y = (x + span) % n;
          MemoryChannel &c = channel(s, x, y);
          c.put(Rank(y).get_output_buffer().slice(s, s + 1),
                Rank(x).get_output_buffer().slice(s, s + 1), {.tb = s});
          c.signal({.tb = s, .data_sync = SyncType::before});
          sent.emplace_back(x, y);
          next.push_back(y);
        }
        next.push_back(x);
      }
      std::vector<std::pair<int, int>> landed = std::move(sent);
      for (auto [x, y] : landed)
        channel(s, y, x).wait({.tb = s, .data_sync = SyncType::after});
      frontier = std::move(next);
    }
  }
}
