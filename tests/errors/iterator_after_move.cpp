// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An iterator into a vector used after the vector was moved from. C++
// keeps it (it points into `taken` now); mscclc says it cannot follow it.
#include <mscclpp/dsl.hpp>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void iterator_after_move() {
  std::vector<int> peers{0, 1};
  auto it = peers.begin();
  std::vector<int> taken = std::move(peers); // expected-note {{move here}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("m", collective, 1);
  // expected-error@+1 {{this iterator points into a container that was moved from since; C++ keeps it, into the container moved to, but mscclc copies on a move and cannot follow it: take the iterator from that container after the move}}
  int tb = *it;
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
}
