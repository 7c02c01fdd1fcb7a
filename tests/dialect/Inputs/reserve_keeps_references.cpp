// References into a std::vector stay valid across push_back, emplace_back
// and a growing resize while the size stays within what reserve() set:
// C++ reallocates only past capacity(). The program uses `first` and
// `last` after the vector grew, which is defined here.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reserve_keeps_references(int n = 4) {
  std::vector<int> tbs;
  tbs.reserve(8);
  tbs.push_back(0);
  int &first = tbs[0];
  for (int i = 1; i < n; ++i)
    tbs.push_back(i);
  int &last = tbs.back();
  tbs.emplace_back(n);
  tbs.resize(8, 7);
  tbs.reserve(2); // smaller than the capacity: no reallocation
  AllGather collective(2, 1, false);
  CollectiveProgram program("reserve_keeps_references", collective, 2);
  for (int r = 0; r < 2; ++r)
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1),
                 Rank(r).get_input_buffer().slice(0, 1),
                 {.tb = first + last - (n - 1)});
  MemoryChannel ch01(1, 0), ch10(0, 1);
  ch01.put(Rank(1).get_output_buffer().slice(0, 1),
           Rank(0).get_output_buffer().slice(0, 1), {.tb = tbs[7] - 7});
  ch01.signal({.tb = 0, .data_sync = SyncType::before});
  ch10.put(Rank(0).get_output_buffer().slice(1, 2),
           Rank(1).get_output_buffer().slice(1, 2), {.tb = 0});
  ch10.signal({.tb = 0, .data_sync = SyncType::before});
  ch01.wait({.tb = 0});
  ch10.wait({.tb = 0});
}
