// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::copy into a vector without room for what it writes: C++ writes past
// the end (undefined); mscclc says how to make room.
#include <algorithm>
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_past_end() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{1, 2, 3};
  std::vector<int> order(2);
  std::copy(peers.begin(), peers.end(), order.begin()); // expected-error {{std::copy writes 3 element(s) from position 0 of a std::vector of 2: past its end, which C++ leaves undefined; make room first (resize), or write through std::back_inserter(v)}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
