// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A breadth-first walk that pops once too often: front() of an empty
// std::queue is undefined behaviour in C++.
#include <queue>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void queue_front_empty(int n = 4) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::queue<int> pending;
  pending.push(0);
  int visited = 0;
  for (int i = 0; i < n; ++i) {
    int r = pending.front(); // expected-error {{front() on an empty std::queue (undefined behaviour); test empty() first}}
    pending.pop();
    visited += r;
  }
}
