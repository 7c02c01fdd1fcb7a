// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A string doubling in a loop stops at the string length limit with a
// located error instead of exhausting memory.
#include <mscclpp/dsl.hpp>
#include <string>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void string_length_limit() {
  std::string name = "x";
  for (int i = 0; i < 64; ++i)
    name += name; // expected-error {{string would be 2097152 bytes long, more than the limit of 1048576}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program(name, collective, 1);
}
