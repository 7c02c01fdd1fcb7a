// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::tie kept in a variable is a tuple of references, which mscclc does
// not model; assigning through it or comparing with it works.
#include <tuple>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void tie_as_value(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  int peer = 0, tb = 0;
  std::tie(peer, tb) = std::make_pair(n, 1);
  auto both = std::tie(peer, tb); // expected-error {{std::tie is supported only as the target of an assignment from a pair or tuple of as many members (`std::tie(a, b) = f();`) and as an operand of a comparison; unpack with a structured binding (`auto [a, b] = ...;`) elsewhere}}
  (void)both;
}
