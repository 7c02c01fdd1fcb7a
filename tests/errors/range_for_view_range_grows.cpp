// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A view's loop holds iterators into the vector it adapts, as a plain
// range-for does: growing the vector in the body invalidates them, an error
// where the loop goes on (with a note at the push_back).
#include <ranges>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_view_range_grows() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers = {0, 1, 2, 3};
  // expected-error@+1 {{the container this range-for iterates was changed inside the loop (push_back), which invalidates the loop's iterators; collect the changes and apply them after the loop, or iterate by index}}
  for (int p : peers | std::views::reverse)
    peers.push_back(p); // expected-note {{push_back here}}
}
