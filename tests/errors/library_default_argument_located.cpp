// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An error inside the standard library's code that mscclc evaluates for a
// call (here rfind's default argument, npos) is reported at the program's
// call, with a note at the library's line (it was reported in
// basic_string.h, with no line of the program named).
#include <string>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void library_default_argument(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::string name = "ab";
  // expected-note@* {{the error is in the standard library's code evaluated for this call, here}}
  auto at = name.rfind('a'); // expected-error {{global constant 'npos' has no initialiser visible here}}
  (void)at;
  (void)n;
}
