// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::copy_n from a reverse iterator: the counted algorithms take a
// position written from begin() or end(); the message shows the counted
// form (not the (first, last) form of the other algorithms).
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void copy_n_reverse_position() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{1, 2, 3}, w(3);
  std::copy_n(v.rbegin(), 2, w.begin()); // expected-error {{std::copy_n takes a position in one std::vector or std::array, written in the call from its begin() or end(): std::copy_n(c.begin() + k, n, ...)}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = w[0]});
}
