// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::stoi of text that is not a number throws std::invalid_argument.
#include <mscclpp/dsl.hpp>
#include <string>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void string_parse_invalid(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  int ok = std::stoi(" 42 ranks"); // 42, as in C++
  int bad = std::stoi("ranks 42"); // expected-error {{stoi("ranks 42"): the text does not start with a number in that base (C++ throws std::invalid_argument)}}
  (void)ok;
  (void)bad;
  (void)n;
}
