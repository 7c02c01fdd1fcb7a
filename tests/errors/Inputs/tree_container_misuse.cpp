// Ill-formed uses of std::map and std::set that only the bodies of their
// member functions reveal: each is a Clang error at the line that uses it.
#include <mscclpp/dsl.hpp>
#include <set>
using namespace mscclpp::dsl;

struct Slot {
  int index;
};
struct Sized {
  explicit Sized(int n) : n(n) {}
  int n;
};

MSCCLPP_ALGORITHM void tree_container_misuse() {
  CollectiveProgram program("p", AllGather(2, 1, true), 2);
  std::map<int, Slot> slots;
  slots.insert_or_assign(0, 5);
  std::set<Chunk> seen;
  seen.insert(Rank(0).get_input_buffer().slice(0, 1));
  std::map<int, Sized> sizes;
  sizes.emplace(0, Sized(3));
  int n = sizes[0].n;
  std::map<int, MemoryChannel> a, b;
  bool same = a == b;
  a.try_emplace(1, 0);
  std::map<int, int> peers{{0, 1}};
  std::erase_if(peers, [](int peer) { return peer > 0; });
  (void)n;
  (void)same;
}
