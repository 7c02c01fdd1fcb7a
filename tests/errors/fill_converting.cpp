// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::fill of a number into structs would construct each through the
// struct's converting constructor: refused (the numbers were stored as
// they were, in place of structs).
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Peer {
  int rank;
  int tb = 0;
  Peer(int r) : rank(r) {}
};

MSCCLPP_ALGORITHM void fill_converting(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<Peer> peers(3, Peer(0));
  std::fill(peers.begin(), peers.end(), Peer(n)); // fine
  std::fill(peers.begin(), peers.end(), n); // expected-error {{std::fill of a number into elements of type 'Peer' would make each element through Peer's constructor, which is not supported here; pass an element: Peer(value)}}
}
