// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::ranges::unique returns a subrange, which algorithm code does not
// model; the message names the iterator form that works (it used to say
// that a std::vector's iterators were not values).
#include <algorithm>
#include <functional>
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ranges_unique_subrange() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{1, 1, 2};
  auto tail = std::ranges::unique(v); // expected-error {{'std::ranges::unique' is not supported in algorithm code; it returns a subrange, which algorithm code does not model: use std::unique(v.begin(), v.end(), ...)}}
  (void)tail;
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
