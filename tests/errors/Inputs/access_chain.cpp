// Elements of nested containers (`channel[r][t].at(p)`), which the
// evaluator reaches without its general dispatch (EvalAccess.cpp). `mode`
// picks the mistake; mode 0 has none and runs many chains (for the step
// limit striking inside one).
#include <mscclpp/dsl.hpp>
#include <algorithm>
#include <array>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void access_chain(int mode = 0, int num_ranks = 4) {
  AllGather collective(num_ranks, 1, true);
  CollectiveProgram program("access_chain", collective, num_ranks);
  std::vector<std::vector<std::map<int, MemoryChannel>>> channel(num_ranks);
  for (int r = 0; r < num_ranks; ++r) {
    channel[r].resize(1);
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        channel[r][0].emplace(p, MemoryChannel(p, r));
  }
  const auto &view = channel;
  int t = mode == 1 ? 1 : 0;
  for (int r = 0; r < num_ranks; ++r)
    for (int p = 0; p < num_ranks; ++p)
      if (p != r) {
        channel[r][t].at(p).signal({.tb = 0});
        (view[r].at(t)).at(p).wait({.tb = 0});
      }
  channel[1][0].at(mode == 2 ? 1 : 2).signal({.tb = 0});
  channel[2][0].at(1).wait({.tb = 0});
  std::array<std::array<int, 2>, 2> cells;
  cells[0][0] = 7;
  cells[0][1] = 8;
  cells[1][0] = 9;
  int read = cells[mode == 3 ? 1 : 0][1];
  int high = std::max(cells[1][mode == 5 ? 1 : 0], 0);
  std::vector<std::vector<int>> rows{{1, 2}, {3, 4}};
  auto &row = rows[0];
  if (mode == 4)
    rows.push_back({5, 6});
  int sum = read + high + row[1] + rows[1].at(0);
  Buffer scratch(0, sum);
}
