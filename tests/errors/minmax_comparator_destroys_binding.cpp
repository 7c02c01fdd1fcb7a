// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A comparator that destroys an argument of `auto [lo, hi] =
// std::minmax(a, b, comp)` leaves the name bound to it dangling: binding
// it is fine, using it is undefined in C++ and an error here.
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void minmax_comparator_destroys_binding() {
  std::vector<int> tbs{0};
  int one = 1;
  auto [lo, hi] = std::minmax(tbs[0], one, [&](const int &a, const int &b) {
    bool less = a < b;
    tbs.clear(); // expected-note {{clear here}}
    return less;
  });
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("m", collective, 1);
  // expected-error@+1 {{'lo' refers to an object that no longer exists: clear destroyed or moved it (C++ leaves this use undefined); index the container again after changing it, or copy the value before}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1), Rank(0).get_input_buffer().slice(0, 1), {.tb = lo + hi - 1});
}
