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
  std::priority_queue<int, std::vector<int>, std::function<bool(int, int)>> order(fartherFirst); // expected-error {{this std::priority_queue comparator is not supported: use std::less, std::greater, a lambda's type (pass the lambda to the constructor) or a class of the program's own with one const operator() of two elements}}
  order.push(n);
}
