// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The worst range a filter can be given: std::views::iota over two
// billion integers. The loop's positions would exceed the element limit:
// a located error at once, not a two-billion-step walk or an allocation
// past --max-memory.
#include <ranges>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_filter_iota_too_long() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  int sum = 0;
  for (int x : std::views::iota(0, 2000000000) | std::views::filter([](int x) { return x % 7 == 0; })) // expected-error {{container would hold 2000000000 elements, more than the limit of 16777216}}
    sum += x;
  (void)sum;
}
