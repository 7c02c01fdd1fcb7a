// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A transform whose operation grows the vector it writes into: the output
// position is invalidated (undefined in C++); the error points at the
// push_back that did it.
#include <algorithm>
#include <iterator>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void transform_output_invalidated() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> peers{1, 2};
  std::vector<int> doubled(2);
  std::transform(peers.begin(), peers.end(), doubled.begin(), // expected-error {{the destination of this copy or transform changed while it was written (push_back), which ends the position it writes at; C++ leaves that undefined: collect the extra elements in another vector}}
                 [&](int p) { doubled.push_back(p); return 2 * p; }); // expected-note {{push_back here}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
