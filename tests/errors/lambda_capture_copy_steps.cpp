// RUN: rm -f %t.json
// RUN: not mscclc --max-steps=2000000 %s -o %t.json 2>&1 | FileCheck %s
// RUN: not test -e %t.json
// RUN: mscclc --max-steps=2000000 -P by_reference=1 %s -o %t.json
// A lambda capturing a container by value copies it, as a copy
// initialisation does; the copy was not charged steps, so capturing a
// large map in a loop ran for minutes under any --max-steps (10,000
// captures of a 10,000-entry map: 56 s). It is charged by its size now,
// and the limit stops it; capturing by reference copies nothing.
// CHECK: error: evaluation exceeded the limit of 2000000 steps
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void lambda_capture_copy_steps(int by_reference = 0) {
  CollectiveProgram program("lambda_capture_copy_steps",
                            AllGather(2, 1, true), 2);
  std::map<int, int> table;
  for (int i = 0; i < 10000; ++i)
    table[i] = i;
  int calls = 0;
  for (int i = 0; i < 1000; ++i) {
    if (by_reference) {
      auto look = [&table] { return int(table.size()); };
      calls += look() > 0;
    } else {
      auto look = [table] { return int(table.size()); };
      calls += look() > 0;
    }
  }
  MemoryChannel(1, 0).signal({.tb = calls % 2});
  MemoryChannel(0, 1).wait({.tb = 0});
}
