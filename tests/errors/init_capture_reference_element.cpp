// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A by-reference init-capture of an element is refused (mscclc names
// captured variables by their frame, and has no such name for an
// element), with the ways to write it.
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void init_capture_reference_element(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> counts{1, 2, 3};
  int total = 0;
  auto bump = [&first = counts[0], &total] { // expected-error {{a by-reference init-capture of anything but a variable ('&first = ...') is not supported in algorithm code; bind a reference variable first (auto &e = ...;) and capture it ([&first = e]), or capture what holds the object and reach it in the lambda}}
    total += first;
  };
  bump();
}
