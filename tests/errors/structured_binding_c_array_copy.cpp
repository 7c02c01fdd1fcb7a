// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A structured binding by copy of a C array copies the array element by
// element (Clang's ArrayInitLoopExpr): refused with a way out, not named
// by Clang's node.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void c_array_binding(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  int peers[2] = {n, n + 1};
  auto &[first, second] = peers; // by reference: fine
  (void)first;
  auto [a, b] = peers; // expected-error {{a C array is copied into a structured binding here, which mscclc does not support; bind it by reference (auto &[a, b] = array) or use std::array}}
  (void)a;
  (void)second;
  (void)b;
}
