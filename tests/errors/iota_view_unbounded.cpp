// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An unbounded std::views::iota cannot be made into a range the evaluator walks.
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void iota_view_unbounded(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  for (int i : std::views::iota(n)) if (i > 4) break; // expected-error {{std::views::iota needs an end here: std::views::iota(first, last)}}
}
