// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A comparator that changes the priority queue it orders, here through a
// std::function it calls, in the middle of a push: undefined behaviour in
// C++. The error comes before the push reads the heap again (it sifts
// through copies of the positions it reaches, and the heap is gone).
#include <functional>
#include <queue>
#include <string>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

using Path = std::vector<std::string>;
struct ByPath {
  std::function<void()> hook;
  bool operator()(const Path &a, const Path &b) const {
    hook();
    return a < b;
  }
};
using Queue = std::priority_queue<Path, std::vector<Path>, ByPath>;

MSCCLPP_ALGORITHM void priority_queue_comparator_changes_queue(int n = 64) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::function<void()> meddle = [] {};
  bool armed = false;
  ByPath byPath{[&meddle, &armed] {
    if (armed) {
      armed = false;
      meddle();
    }
  }};
  Queue paths(byPath);
  for (int i = 0; i < n; ++i)
    paths.push({std::to_string(i * 37 % n) + "-hops-through-the-ring", "x"});
  meddle = [&paths, &byPath] {
    paths = Queue(byPath); // expected-note {{assignment here}}
  };
  armed = true;
  paths.push({"zzzz"}); // expected-error {{the comparator changed the priority queue it orders (assignment), which is undefined behaviour; a comparator must only read}}
}
