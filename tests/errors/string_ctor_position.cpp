// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::string(str, pos) with pos past the end: C++ throws
// std::out_of_range; mscclc stops at the call.
#include <string>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void string_ctor_position() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::string name = "hello";
  std::string tail(name, 6); // expected-error {{std::string's constructor: position 6 is past the end of a string of 5 characters}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = int(tail.size())});
}
