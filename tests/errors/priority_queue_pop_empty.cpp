// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// pop() of an empty std::priority_queue is undefined behaviour in C++.
#include <functional>
#include <queue>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void priority_queue_pop_empty(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::priority_queue<int, std::vector<int>, std::greater<int>> nearest;
  for (int r = 0; r < n; ++r)
    nearest.push(r);
  for (int r = 0; r <= n; ++r)
    nearest.pop(); // expected-error {{pop() on an empty std::priority_queue (undefined behaviour); test empty() first}}
}
