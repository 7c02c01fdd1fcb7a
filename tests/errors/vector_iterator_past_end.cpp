// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Moving a vector iterator outside [begin, end] is undefined.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_iterator_past_end() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> order{0, 1};
  auto it = order.begin();
  ++it;
  ++it;
  ++it; // expected-error {{this iterator moves to position 3 of a container of 2 elements, outside [begin, end] (undefined behaviour)}}
}
