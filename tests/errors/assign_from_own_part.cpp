// RUN: rm -f %t.json
// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc -P which=1 %s -o %t.json 2>&1 | FileCheck %s
// RUN: not test -e %t.json
// RUN: mscclc -P which=2 %s -o %t.json
// RUN: mscclc -P which=3 %s -o %t.json
// Descending a tree by assigning a child to its parent (`cur =
// cur.kids[1]`) copies an object that is part of the one assigned to. C++
// assigns member by member: assigning `kids` destroys or overwrites the
// child before `name` is read from it (natively the name comes out
// scrambled, or the program reads freed memory). mscclc copied the child
// first and gave the intended tree, silently unlike the native program; it
// is now an error with the fix. Copying the child first (which=2) is fine,
// and so is a struct whose container is its last member (which=3: the
// library copies the new elements before it destroys the old ones, and no
// member is read after).
// CHECK: error: the object this assignment copies is part of the object it is assigned to (inside its 'kids')
#include <mscclpp/dsl.hpp>
#include <string>
#include <vector>
using namespace mscclpp::dsl;

struct Node {
  int val;
  std::vector<Node> kids;
  std::string name;
};

static Node build(int depth, int val) {
  Node n{val, {}, "n" + std::to_string(val)};
  if (depth > 0)
    for (int i = 0; i < 3; ++i)
      n.kids.push_back(build(depth - 1, val * 3 + i));
  return n;
}

MSCCLPP_ALGORITHM void assign_from_own_part(int which = 0) {
  CollectiveProgram program("assign_from_own_part", AllGather(2, 1, true), 2);
  Node cur = build(2, 1);
  if (which == 0) {
    cur = cur.kids[1]; // expected-error {{the object this assignment copies is part of the object it is assigned to (inside its 'kids'): C++ assigns member by member, and assigning 'kids' destroys or overwrites the object being copied before the members declared after it are read from it, so they come out scrambled or undefined; copy it into a variable first (auto part = ...; then assign part)}}
  } else if (which == 1) {
    Node &child = cur.kids[2];
    cur = child;
  } else if (which == 2) {
    Node child = cur.kids[1];
    cur = child;
  } else {
    struct Leafy {
      int val;
      std::vector<Leafy> kids;
    };
    Leafy tree{1, {{4, {}}, {5, {}}}};
    tree = tree.kids[1];
    cur.val = tree.val + int(tree.kids.size());
  }
  // The tree decides the plan's shape, as a real program's would.
  MemoryChannel to1(1, 0), from0(0, 1);
  to1.put(Rank(1).get_output_buffer().slice(0, 1),
          Rank(0).get_input_buffer().slice(0, 1), {.tb = cur.val % 2});
  to1.signal({.tb = cur.val % 2});
  from0.wait({.tb = 0});
}
