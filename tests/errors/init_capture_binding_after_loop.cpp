// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A by-reference init-capture of a by-value structured binding of a
// range-for, called after the loop: the binding has ended (undefined
// behaviour in C++). A located error, never a read of the loop's freed
// element copy.
#include <functional>
#include <utility>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void init_capture_binding_after_loop(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<std::pair<int, int>> peers{{1, 2}, {3, 4}};
  std::function<int()> last;
  for (auto [rank, tb] : peers)
    last = [&t = tb] { return t; }; // expected-error {{this lambda's capture '&t = tb' names 'tb', whose lifetime has ended; capture a copy ([t = tb]), or what holds the object}}
  int v = last(); // expected-note {{in call to}}
  (void)v;
}
