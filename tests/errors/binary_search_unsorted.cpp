// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::binary_search on a range that is partitioned by `element < value`
// but not by `!(value < element)`: C++ needs both, and a binary search for
// 1 in {0, 3, 1, 2} answers false. mscclc checked only the first and
// answered false; it now refuses, as lower_bound and equal_range do.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void binary_search_unsorted() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{0, 3, 1, 2};
  bool has = std::binary_search(peers.begin(), peers.end(), 1); // expected-error {{std::binary_search needs a range sorted by the comparison it uses, and 1 comes after an element that should follow it}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = has ? 0 : 1});
}
