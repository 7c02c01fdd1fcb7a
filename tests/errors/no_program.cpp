// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The algorithm never creates a CollectiveProgram.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+1 {{algorithm 'no_program' did not create a CollectiveProgram}}
MSCCLPP_ALGORITHM void no_program() {
  TestCollective collective(2, 2, 2);
}
