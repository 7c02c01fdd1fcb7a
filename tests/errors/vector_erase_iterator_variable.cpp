// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An iterator kept in a variable is not a value mscclc models; positions are written in the call.
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_erase_iterator_variable(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> order{0, 1};
  auto first = order.begin(); // expected-error {{'std::vector<int>::begin' is not supported in algorithm code; iterators are not supported as values: write positions in the call that takes them (v.erase(v.begin() + k), std::sort(v.begin() + 1, v.end())), or loop over indices or with a range-for (a std::map visits its keys in ascending order)}}
  order.erase(first);
}
