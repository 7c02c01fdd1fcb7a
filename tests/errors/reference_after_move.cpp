// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A reference into a vector used after the vector was moved from. C++
// keeps it (it refers into `taken` now); mscclc says it cannot follow it
// rather than read the moved-from vector.
#include <mscclpp/dsl.hpp>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reference_after_move() {
  std::vector<int> peers{0, 1};
  int &first = peers[0];
  std::vector<int> taken = std::move(peers); // expected-note {{move here}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("m", collective, 1);
  // expected-error@+1 {{'first' refers into a container that was moved from since; C++ keeps the reference, into the container moved to, but mscclc copies on a move and cannot follow it: take the reference from that container after the move}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1), Rank(0).get_input_buffer().slice(0, 1), {.tb = first + int(taken.size()) - 2});
}
