// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::set::emplace makes its key from a pair's or tuple's members or a
// constructor; C++20's parenthesised aggregate initialisation is not one
// mscclc runs.
#include <compare>
#include <set>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Link {
  int peer, channel;
  auto operator<=>(const Link &) const = default;
};

MSCCLPP_ALGORITHM void set_emplace_aggregate(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::set<Link> links;
  links.emplace(1, 0); // expected-error {{std::set's emplace makes its key from a pair's or tuple's members or a constructor of the key's class; these arguments make neither: insert the key itself}}
}
