// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::find of a number among structs would convert it (Peer(int)) or
// call an operator== taking it: refused with the predicate form (the
// search compared the number with the whole struct, and found nothing).
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Peer {
  int rank;
  int tb = 0;
  Peer(int r) : rank(r) {}
  bool operator==(const Peer &other) const { return rank == other.rank; }
};

MSCCLPP_ALGORITHM void search_other_type(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<Peer> peers{1, 2, 3};
  auto same = std::find(peers.begin(), peers.end(), Peer(n)); // fine
  auto other = std::find(peers.begin(), peers.end(), n); // expected-error {{searching elements of type 'Peer' for a value of type 'int' is not supported in algorithm code (C++ would convert it or call an operator== taking it); search with a predicate instead: std::find_if(v.begin(), v.end(), [&](const Peer &e) { return ...; })}}
  (void)same;
  (void)other;
}
