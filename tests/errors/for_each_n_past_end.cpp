// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::for_each_n over more elements than the vector holds: the count
// moves the iterator past end() (undefined in C++).
#include <algorithm>
#include <functional>
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void for_each_n_past_end() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v(3);
  int sum = 0;
  std::for_each_n(v.begin(), 4, [&](int x) { sum += x; }); // expected-error {{this iterator moves to position 4 of a container of 3 elements, outside [begin, end]}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
