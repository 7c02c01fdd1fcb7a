// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::copy_n reading past the end of its source vector.
#include <algorithm>
#include <functional>
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_n_past_end() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v(3), w(5);
  std::copy_n(v.begin() + 1, 3, w.begin()); // expected-error {{this iterator moves to position 4 of a container of 3 elements, outside [begin, end]}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
