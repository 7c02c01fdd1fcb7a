// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Inserting a vector's own range into itself.
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_insert_self(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> order{0, 1};
  order.insert(order.end(), order.begin(), order.end()); // expected-error {{inserting a vector's own elements into it is not supported in algorithm code; copy them into another vector first}}
}
