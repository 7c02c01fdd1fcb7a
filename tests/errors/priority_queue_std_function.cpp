// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::function as a priority_queue's comparator is refused: the
// comparator is std::less, std::greater, a lambda's type or a function
// object of the program's own class.
#include <functional>
#include <queue>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void priority_queue_std_function(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::function<bool(int, int)> fartherFirst = [](int a, int b) { return a < b; };
  std::priority_queue<int, std::vector<int>, std::function<bool(int, int)>> order(fartherFirst); // expected-error {{std::priority_queue with this comparator or projection is not supported in algorithm code: a comparator is std::less, std::greater, or (for sort, stable_sort, min and max) a lambda, a function, or an object of the program's own class with one const operator(), of two elements; write the loop instead}}
  order.push(n);
}
