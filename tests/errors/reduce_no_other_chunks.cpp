// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A reduce with no other chunks to reduce with.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_no_other_chunks() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("reduce_no_other_chunks", collective, 2);
  Rank r(0);
  // expected-error@+1 {{reduce needs at least one other chunk to reduce with}}
  r.reduce(r.get_input_buffer().slice(0, 1), {}, {.tb = 0});
}
