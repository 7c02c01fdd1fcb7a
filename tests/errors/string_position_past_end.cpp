// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// substr from past the end throws std::out_of_range in C++: an error.
#include <mscclpp/dsl.hpp>
#include <string>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void string_position_past_end(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::string name = "ring_" + std::to_string(n);
  std::string tail = name.substr(name.find('_') + 1); // "2": fine
  std::string none = name.substr(9); // expected-error {{substr: position 9 is past the end of a string of 6 characters}}
  (void)tail;
  (void)none;
}
