// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A reference to a map element used after the element was erased.
#include <mscclpp/dsl.hpp>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_element_after_erase() {
  std::map<int, std::vector<int>> peers;
  peers[1] = {0, 1};
  auto &mine = peers[1];
  peers.erase(1); // expected-note {{erase here}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("m", collective, 1);
  // expected-error@+1 {{'mine' refers to an object that no longer exists: erase destroyed or moved it}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1), Rank(0).get_input_buffer().slice(0, 1), {.tb = mine[0]});
}
