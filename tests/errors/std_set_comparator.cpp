// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::set with a comparator: mscclc orders elements by value and never
// calls a comparator, so it refuses one that would order differently.
#include <functional>
#include <set>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_set_comparator(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  // expected-error@+1 {{'std::set<int, std::greater<int>>' has a comparator other than std::less; mscclc orders map keys by their values and never calls a comparator, so its order would differ: use the default std::less (and, for another order, a key that sorts that way)}}
  std::set<int, std::greater<int>> peers{1, 0};
}
