// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::map::at on a map of one entry, reached through a vector of maps.
#include <mscclpp/dsl.hpp>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_at_missing_key_one_entry() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("map_at_missing_key_one_entry", collective, 2);
  std::vector<std::map<int, int>> tb_of(2);
  tb_of[0][1] = 0;
  // expected-error@+1 {{map::at: key 2 is not in the map (it has 1 entry)}}
  int tb = tb_of[0].at(2);
  (void)tb;
}
