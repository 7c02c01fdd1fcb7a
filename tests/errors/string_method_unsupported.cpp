// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A string method mscclc does not provide names the ones it does.
#include <mscclpp/dsl.hpp>
#include <string>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void string_method_unsupported(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::string name = "ring";
  int order = name.compare("tree"); // expected-error {{'std::basic_string<char>::compare' is not supported in algorithm code; strings provide size, length, empty, +, +=, append, push_back, pop_back, clear, reading [], at, front and back, substr, find and rfind (of a string or a character, from a position), starts_with, ends_with and the comparisons}}
  (void)order;
  (void)n;
}
