// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// make_pair(std::move(rows), std::move(rows[0])): the pair's first member
// takes rows' elements, and the second moves rows[0] from there. C++
// follows the element into the container moved to; mscclc cannot.
#include <mscclpp/dsl.hpp>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void move_source_moved() {
  std::vector<std::vector<int>> rows{{1, 2}, {3}};
  // expected-error@+2 {{an argument of this call moves from an object inside one that an earlier argument moved from; C++ finds it in the object moved to, but mscclc copies on a move and cannot follow it: move it out in a statement of its own first}}
  // expected-note@+1 {{move here}}
  auto both = std::make_pair(std::move(rows), std::move(rows[0]));
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("m", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1),
               {.tb = int(both.second.size())});
}
