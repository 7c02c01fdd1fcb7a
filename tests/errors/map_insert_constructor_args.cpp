// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// try_emplace and emplace with the arguments of the mapped value's
// constructor (a std::pair here) instead of the value: refused, with the
// forms that work.
#include <mscclpp/dsl.hpp>
#include <map>
#include <utility>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_insert_constructor_args() {
  CollectiveProgram program("p", TestCollective(1, 1, 1), 1);
  std::map<int, std::pair<int, int>> ranges;
  ranges.try_emplace(0, std::make_pair(1, 2)); // fine
  ranges.try_emplace(1, 3, 4); // expected-error {{this map insertion is not supported: pass the key and the mapped value itself (`m.try_emplace(k, V(a, b))`, `m.emplace(k, v)` or `m.insert({k, v})`), not the arguments of its constructor}}
}
