// 2-rank AllReduce in place: each rank copies its whole input into the
// peer's scratch, reduces its own half, and puts the reduced half back in
// pieces cut at `cut_a` and `cut_b` (equal cuts make a piece of size 0),
// rank r starting at piece r. The same program as
// allreduce_uneven_pieces.py.
#include <mscclpp/dsl.hpp>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allreduce_uneven_pieces(int half = 4, int cut_a = 2,
                                               int cut_b = 2) {
  AllReduce collective(2, half, /*inplace=*/true);
  CollectiveProgram program("allreduce_uneven_pieces", collective, 2);
  std::vector<MemoryChannel> ch;
  std::vector<Buffer> scratch;
  for (int r = 0; r < 2; ++r) {
    ch.push_back(MemoryChannel(1 - r, r));
    scratch.push_back(Buffer(r, 2 * half));
  }
  const std::vector<int> bounds = {0, cut_a, cut_b, half};
  for (int r = 0; r < 2; ++r) {
    const int peer = 1 - r;
    BaseBuffer mine = Rank(r).get_input_buffer();
    BaseBuffer theirs = Rank(peer).get_input_buffer();
    ch[r].signal({.tb = 0, .relaxed = true});
    ch[r].wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    ch[r].put(scratch[peer].slice(0, 2 * half), mine.slice(0, 2 * half),
              {.tb = 0});
    ch[r].signal({.tb = 0, .data_sync = SyncType::before});
    ch[r].wait({.tb = 0, .data_sync = SyncType::after});
    const int lo = r * half;
    Rank(r).reduce(mine.slice(lo, lo + half),
                   {scratch[r].slice(lo, lo + half)}, {.tb = 0});
    const int count = int(bounds.size()) - 1;
    for (int k = 0; k < count; ++k) {
      const int piece = (r % count + k) % count;
      const int a = bounds[piece], b = bounds[piece + 1];
      ch[r].put(theirs.slice(lo + a, lo + b), mine.slice(lo + a, lo + b),
                {.tb = 0});
    }
    ch[r].signal({.tb = 0, .data_sync = SyncType::before});
    ch[r].wait({.tb = 0, .data_sync = SyncType::after});
  }
}
