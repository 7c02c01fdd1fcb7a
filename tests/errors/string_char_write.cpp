// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A string's characters are read as values: writing one in place would
// be lost, so it is refused with what to write instead.
#include <mscclpp/dsl.hpp>
#include <string>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void string_char_write(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::string name = "ring";
  char first = name[0]; // reading is fine
  name[0] = first + 1; // expected-error {{a character of a std::string can only be read as a value in algorithm code (char c = s[i]; for (char c : s)); changing one in place or binding a reference to it is not supported: build the new string (s.substr(0, i) + c + s.substr(i + 1)), or keep the characters in a std::vector<char>}}
  (void)n;
}
