// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A map iterator whose own entry was erased is not used again (C++ leaves
// it undefined); the error says to continue from what erase returns.
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_iterator_entry_erased() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::map<int, int> tbOfPeer = {{1, 0}, {2, 1}};
  for (auto it = tbOfPeer.begin(); it != tbOfPeer.end(); ++it) // expected-error {{this iterator points to a map or set entry that was erased (C++ leaves its use undefined); continue from the iterator erase() returns: `it = m.erase(it)`}}
    if (it->first == 1)
      tbOfPeer.erase(it);
}
