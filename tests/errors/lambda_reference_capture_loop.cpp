// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A lambda stored in a loop that captured the loop's reference by
// reference is called after the reference was bound again: mscclc names
// the variable, not the element it was bound to, and says so (it used to
// act on the last element silently).
#include <functional>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void lambda_reference_capture_loop(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> sizes{1, 2, 3};
  std::vector<std::function<int()>> readers;
  for (int &s : sizes)
    readers.push_back([&s] { return s * 10; }); // expected-error {{this lambda captured 's' by reference, and 's' has ended (a loop declares it anew each iteration; mscclc follows a by-reference capture to the variable, not to the object a reference names); capture a copy ([s] or [=]), or what holds the object}}
  int total = 0;
  for (auto &read : readers)
    total += read(); // expected-note {{in call to}}
}
