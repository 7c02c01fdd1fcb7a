// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::set::emplace makes its key from an aggregate's, a pair's or a
// tuple's members or a constructor of the key's class; a std::vector key
// sized by a count is none of them (an aggregate's members are made:
// tests/dialect/moves_into_maps.test).
#include <mscclpp/dsl.hpp>
#include <set>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void set_emplace_count(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::set<std::vector<int>> rows;
  rows.emplace(n, 0); // expected-error {{std::set's emplace makes its key from an aggregate's, a pair's or a tuple's members, or a constructor of the key's class; these arguments make none of them: insert the key itself}}
}
