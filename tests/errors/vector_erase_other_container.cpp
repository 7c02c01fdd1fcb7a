// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A position in another vector than the one being changed.
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_erase_other_container(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> order{0, 1}, spare{2};
  order.erase(spare.begin()); // expected-error {{vector::erase is given a position in another container than the vector it changes (undefined behaviour)}}
}
