// std::stable_sort instantiates libstdc++ 12 code that Clang 19 flags as
// deprecated (get_temporary_buffer): a warning inside the standard library
// is not the user's to fix, so mscclc does not show it.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void library_warning_quiet() {
  AllGather collective(2, 1, true);
  CollectiveProgram program("quiet", collective, 2);
  std::vector<int> order{1, 0};
  std::stable_sort(order.begin(), order.end());
  for (int src : order) {
    int dst = 1 - src;
    MemoryChannel ch(dst, src);
    ch.put(Rank(dst).get_output_buffer().slice(src, src + 1),
           Rank(src).get_output_buffer().slice(src, src + 1), {.tb = 0});
    ch.signal({.tb = 0, .data_sync = SyncType::before});
    ch.wait({.tb = 0, .data_sync = SyncType::after});
  }
  // A warning in the user's own code still shows.
  int flag = 0;
  if (flag = 0)
    return;
}
