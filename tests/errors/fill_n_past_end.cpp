// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::fill_n with a count that runs past the vector's end: undefined in
// C++; mscclc names the count, the position and the size.
#include <algorithm>
#include <functional>
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void fill_n_past_end() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v(3);
  std::fill_n(v.begin() + 1, 3, 7); // expected-error {{std::fill_n writes 3 element(s) from position 1 of a std::vector of 3: past its end}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
