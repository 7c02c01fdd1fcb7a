// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// emplace with std::piecewise_construct (the key's and the mapped value's
// constructor arguments as tuples): refused, with the forms that work
// (try_emplace takes the mapped value's constructor arguments directly).
#include <mscclpp/dsl.hpp>
#include <map>
#include <tuple>
#include <utility>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_insert_constructor_args() {
  CollectiveProgram program("p", TestCollective(1, 1, 1), 1);
  std::map<int, std::pair<int, int>> ranges;
  ranges.try_emplace(0, std::make_pair(1, 2)); // fine
  ranges.try_emplace(1, 3, 4);                 // fine
  ranges.emplace(std::piecewise_construct, std::forward_as_tuple(2), std::forward_as_tuple(5, 6)); // expected-error {{this map insertion is not supported: pass the key and the mapped value itself (`m.emplace(k, V(a, b))` or `m.insert({k, v})`), or the key and the arguments of the mapped value's constructor to try_emplace (`m.try_emplace(k, a, b)`)}}
}
