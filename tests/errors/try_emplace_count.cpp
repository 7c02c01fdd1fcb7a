// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// try_emplace making a std::vector from a count and a value: refused with
// what try_emplace can make and what to write instead (an aggregate's
// members are made: tests/dialect/moves_into_maps.test).
#include <map>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void try_emplace_count() {
  CollectiveProgram program("p", TestCollective(1, 1, 1), 1);
  std::map<int, std::vector<int>> rows;
  rows.try_emplace(0, std::vector<int>(3, 4)); // fine
  rows.try_emplace(1, 3, 4); // expected-error {{try_emplace cannot make a 'std::vector<int>' from these arguments in algorithm code: it calls the one constructor of the program's own class that takes exactly these arguments (none of them by non-const reference), or makes an aggregate's, a pair's or a tuple's members in order; pass the mapped value itself (`m.try_emplace(k, std::vector<int>(...))`)}}
}
