#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Slot {
  int rank;
  int index;
};

// Half of 100,000 small vectors emptied in scattered order leave about
// 100,000 free blocks in the allocator, and the memory checks before bulk
// allocations come only once the elements made outnumber them; then
// vectors of 90,000 elements (fewer than the free blocks) pile up.
MSCCLPP_ALGORITHM void grow(int n = 100000, int m = 90000) {
  AllGather collective(2, 1, true);
  CollectiveProgram program("grow", collective, 2);
  std::vector<std::vector<Slot>> slots;
  for (int i = 0; i < n; ++i)
    slots.push_back({{i % 2, i}});
  for (int i = 0; i < n / 2; ++i)
    slots[int((long long)i * 7919 % n)].clear();
  std::vector<std::vector<int>> more;
  for (int i = 0;; ++i)
    more.push_back(std::vector<int>(m, i));
}
