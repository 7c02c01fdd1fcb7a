// std::exchange(obj, new_val) is libstdc++'s
//   T old = std::move(obj); obj = std::forward<U>(new_val); return old;
// so an object passed as the new value is read after `obj` was moved from:
// passing `obj` itself (or std::move(obj)) leaves it empty, and an object
// moved in is left empty. Printed natively (libstdc++) and by mscclc, the
// lines must be the same (tests/dialect/exchange_order.test).
#include <cstdio>
#include <string>
#include <utility>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Node {
  int id;
  std::vector<Node> kids;
};

struct Schedule {
  std::vector<int> peers;
  int rounds = 0;
};

static void body() {
  // The object itself as the new value.
  std::vector<int> ring = {1, 2, 3};
  std::vector<int> old = std::exchange(ring, ring);
  printf("exchange self %d %d\n", int(old.size()), int(ring.size()));

  std::vector<int> next = {4, 5};
  old = std::exchange(next, std::move(next));
  printf("exchange self-move %d %d\n", int(old.size()), int(next.size()));

  std::string label = "ring";
  std::string was = std::exchange(label, label);
  printf("exchange self-string [%s] [%s]\n", was.c_str(), label.c_str());

  // Another object: copied in, or moved in (and left empty).
  std::vector<int> a = {7}, b = {8, 9};
  old = std::exchange(a, b);
  printf("exchange copy %d %d %d %d\n", int(old.size()), int(a.size()), a[0],
         int(b.size()));
  std::vector<int> c = {10, 11, 12};
  old = std::exchange(a, std::move(c));
  printf("exchange move %d %d %d\n", int(old.size()), int(a.size()),
         int(c.size()));

  // A struct: moved member by member (the int stays, the vector empties).
  Schedule s{{0, 1, 2}, 3};
  Schedule prev = std::exchange(s, s);
  printf("exchange struct %d %d %d %d\n", int(prev.peers.size()), prev.rounds,
         int(s.peers.size()), s.rounds);

  // A prvalue is made before the call: it sees the object as it was.
  std::vector<int> grow = {1};
  old = std::exchange(grow, std::vector<int>(grow.size() + 2, 6));
  printf("exchange prvalue %d %d\n", int(old.size()), int(grow.size()));

  // A part of the object itself: the move takes it into the old value,
  // where it is read (copied, or moved out of the old value).
  Node n{1, {Node{2, {}}, Node{3, {Node{4, {}}}}}};
  Node oldTree = std::exchange(n, n.kids[1]);
  printf("exchange tree %d %d %d %d\n", n.id, int(n.kids.size()),
         int(oldTree.kids.size()), int(oldTree.kids[1].kids.size()));
  Node m{1, {Node{2, {Node{5, {}}}}}};
  Node oldMoved = std::exchange(m, std::move(m.kids[0]));
  printf("exchange tree-move %d %d %d %d\n", m.id, int(m.kids.size()),
         int(oldMoved.kids.size()), int(oldMoved.kids[0].kids.size()));

  // Scalars: a move copies.
  int k = 5;
  int kept = std::exchange(k, k);
  printf("exchange scalar %d %d\n", kept, k);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(exchange_order)
