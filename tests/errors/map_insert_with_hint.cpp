// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A map insertion with a hint first:
// refused (before, the hint was taken for the key), naming the form and
// what to write instead.
#include <mscclpp/dsl.hpp>
#include <map>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_insert_with_hint() {
  CollectiveProgram program("p", TestCollective(1, 1, 1), 1);
  std::map<int, int> owner;
  owner.try_emplace(0, 1); // fine
  owner.try_emplace(owner.end(), 2, 3); // expected-error {{this form of try_emplace (with a hint first, or of a range other than a std::vector's or std::array's positions) is not supported in algorithm code; insert each entry itself (`m.try_emplace(k, v)` or `m.insert({k, v})`, in a loop over a range)}}
}
