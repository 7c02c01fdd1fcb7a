// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::lower_bound on a range that is not sorted by its comparison: C++
// leaves the result undefined (a binary search may miss the element), so
// mscclc refuses it and names the element out of order.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void lower_bound_unsorted() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{4, 1, 3};
  int at = int(std::lower_bound(peers.begin(), peers.end(), 3) - peers.begin()); // expected-error {{std::lower_bound needs a range sorted by the comparison it uses, and 1 comes after an element that should follow it; C++ leaves the result undefined: sort the range first (with the same comparator)}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = at});
}
