// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Indexing a std::vector one past its end (off-by-one loop bound).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_index_out_of_bounds() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("vector_index_out_of_bounds", collective, 2);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  std::vector<int> tbs = {0, 1};
  for (int i = 0; i <= 2; ++i) {
    // expected-error@+1 {{index 2 is out of bounds for a container of 2 elements}}
    r.copy(out.slice(i % 2, i % 2 + 1), in.slice(i % 2, i % 2 + 1), {.tb = tbs[i]});
  }
}
