// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::views::iota(first, last) with last before first never reaches its end.
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void iota_view_backwards(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  int s = 0; for (int i : std::views::iota(n, 0)) s += i; // expected-error {{std::views::iota(2, 0): the end is before the start (undefined behaviour)}}
}
