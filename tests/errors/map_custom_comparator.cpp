// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// mscclc orders std::map keys by value and never calls a comparator: a map
// with std::greater (or any other comparator) is refused instead of being
// iterated in the wrong order.
#include <functional>
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_custom_comparator(int n = 2) {
  CollectiveProgram prog("p", AllReduce(n, 1, false), n);
  // expected-error@+1 {{'std::map<int, int, std::greater<int>>' has a comparator other than std::less}}
  std::map<int, int, std::greater<int>> m;
  m[0] = 0;
}
