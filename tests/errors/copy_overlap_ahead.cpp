// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::copy into its own range ahead of where it reads: undefined in C++
// (the elements it reads were already overwritten).
#include <algorithm>
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_overlap_ahead() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{1, 2, 3, 4};
  std::copy(peers.begin(), peers.begin() + 2, peers.begin() + 1); // expected-error {{std::copy writes into the range it reads, ahead of where it reads, which C++ leaves undefined; copy into another vector first, or write an index loop}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
