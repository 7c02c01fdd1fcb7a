// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Two habits of the Python DSL that C++ spells differently: an enum member
// given as a string, and a buffer indexed for a chunk. Clang's error gets
// the C++ spelling appended.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void python_habits() {
  AllGather collective(2, 1, false);
  ProgramOptions options;
  // expected-error@+1 {{assigning to 'Protocol' from incompatible type 'const char[3]'; DSL options take enumerators, not strings: write Protocol::LL}}
  options.protocol = "LL";
  // A string that names no enumerator: all of them are listed.
  // expected-error@+1 {{assigning to 'Protocol' from incompatible type 'const char[7]'; DSL options take enumerators, not strings: one of Protocol::Simple, Protocol::LL}}
  options.protocol = "simple";
  // expected-error@+1 {{cannot initialize a variable of type 'ReplicationPolicy' with an lvalue of type 'const char[5]'; DSL options take enumerators, not strings: one of ReplicationPolicy::interleaved, ReplicationPolicy::none}}
  ReplicationPolicy policy = "none";
  CollectiveProgram program("p", collective, 2, options);
  BaseBuffer input = Rank(0).get_input_buffer();
  // expected-error@+1 {{type 'BaseBuffer' does not provide a subscript operator; take a chunk with .slice(i, i + 1) (Python's buffer[i])}}
  Chunk first = input[0];
}
