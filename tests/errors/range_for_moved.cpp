// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A range-for whose container is moved from inside the loop. C++ goes on
// over the elements, now in `taken`; mscclc says it cannot follow them.
#include <mscclpp/dsl.hpp>
#include <utility>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_moved() {
  std::vector<int> peers{0, 1, 2};
  std::vector<int> taken;
  int sum = 0;
  // expected-error@+1 {{the container this range-for iterates was moved from inside the loop; C++ goes on over the elements in the container moved to, but mscclc copies on a move and cannot follow them: move it after the loop}}
  for (int p : peers) {
    if (p == 0)
      taken = std::move(peers); // expected-note {{move here}}
    sum += p;
  }
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("m", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = sum});
}
