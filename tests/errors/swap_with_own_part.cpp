// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::swap of an object with one of its own parts: the object would end
// up owning itself (found by review: a leak the sanitizer build reported).
#include <mscclpp/dsl.hpp>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

struct Node {
  std::vector<Node> kids;
};

MSCCLPP_ALGORITHM void swap_with_own_part() {
  Node n;
  n.kids.push_back(Node{});
  std::swap(n, n.kids[0]); // expected-error {{std::swap of an object with a part of itself; swap with a copy instead}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("s", collective, 1);
}
