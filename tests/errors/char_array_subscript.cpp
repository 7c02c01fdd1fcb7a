// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The characters of a char array set from a string literal: mscclc holds
// the array as text, whose characters cannot be indexed; the error says
// what to declare instead (it said "subscript needs an array and an integer
// index" of what is an array).
#include <cstdio>
#include <mscclpp/dsl.hpp>
#include <string>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void char_array_subscript() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("char_array_subscript", collective, 1);
  char tag[8] = "ab";
  std::string text = "ab";
  printf("%c %zu\n", text[1], std::size(tag)); // fine
  printf("%c\n", tag[1]); // expected-error {{the characters of a char array or string literal cannot be indexed (mscclc holds the array as text); declare a std::string instead and index that (std::string s = "ab"; s[1])}}
}
