// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A map insertion with a hint first, or of a range of another container:
// refused (before, the hint was taken for the key), with the forms that
// work.
#include <mscclpp/dsl.hpp>
#include <map>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_insert_with_hint() {
  CollectiveProgram program("p", TestCollective(1, 1, 1), 1);
  std::map<int, int> owner;
  owner.try_emplace(0, 1); // fine
  owner.try_emplace(owner.end(), 2, 3); // expected-error {{this map insertion is not supported: pass the key and the mapped value itself (`m.emplace(k, V(a, b))` or `m.insert({k, v})`), or the key and the arguments of the mapped value's constructor to try_emplace (`m.try_emplace(k, a, b)`)}}
}
