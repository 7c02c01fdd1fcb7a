// RUN: rm -f %t.json
// RUN: %expect-error mscclc -P mode=1 %s
// RUN: not mscclc -P mode=1 %s -o %t.json 2>&1 | FileCheck --check-prefix=UNINIT %s
// RUN: not mscclc -P mode=2 %s -o %t.json 2>&1 | FileCheck --check-prefix=GREW %s
// RUN: not mscclc -P mode=3 %s -o %t.json 2>&1 | FileCheck --check-prefix=COMPARATOR %s
// RUN: not mscclc -P mode=4 %s -o %t.json 2>&1 | FileCheck --check-prefix=CLAMP %s
// RUN: not mscclc -P mode=5 %s -o %t.json 2>&1 | FileCheck --check-prefix=RANGES %s
// RUN: not mscclc -P mode=6 %s -o %t.json 2>&1 | FileCheck --check-prefix=PICKED %s
// RUN: not test -e %t.json
// RUN: mscclc -P mode=0 %s -o %t.json
// std::min, std::max, std::clamp and std::ranges::min/max take their
// arguments by reference and return one of them: reading an uninitialised
// variable through them is the variable's error, and an argument destroyed
// before the call is done with it (a later argument's push_back, a
// comparator that clears the vector) is an error at that argument, as C++
// leaves it undefined; after the comparison, only the argument picked
// matters (the result refers to it).
// UNINIT: min_max_reference_argument.cpp:[[@LINE+21]]:19: error: variable 'unset' is used uninitialised; give it a value where it is declared
// GREW: min_max_reference_argument.cpp:[[@LINE+23]]:19: error: this argument, which the call takes by reference, was destroyed or moved before the call was done with it (push_back); C++ leaves that undefined: evaluate the arguments into variables first
// GREW: note: push_back here
// COMPARATOR: min_max_reference_argument.cpp:[[@LINE+23]]:19: error: this argument, which the call takes by reference, was destroyed or moved before the call was done with it (clear)
// CLAMP: min_max_reference_argument.cpp:[[@LINE+27]]:47: error: this argument, which the call takes by reference, was destroyed or moved before the call was done with it (push_back)
// RANGES: min_max_reference_argument.cpp:[[@LINE+28]]:27: error: this argument, which the call takes by reference, was destroyed or moved before the call was done with it (push_back)
// PICKED: min_max_reference_argument.cpp:[[@LINE+30]]:24: error: this argument, which the call takes by reference, was destroyed or moved before the call was done with it (clear)
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void min_max_reference_argument(int mode = 0) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("min_max_reference_argument", collective, 1);
  std::vector<int> v = {1, 2};
  int tb = 0;
  if (mode == 0)
    tb = std::max(v[0], v[1]) + std::clamp(v[1], 0, 1) - 2;
  if (mode == 1) {
    int unset;
    tb = std::max(unset, 0);
  }
  if (mode == 2)
    tb = std::max(v[0], (v.push_back(3), 0));
  if (mode == 3)
    tb = std::min(v[0], v[1], [&](int a, int b) {
      v.clear();
      return a < b;
    });
  if (mode == 4)
    tb = std::clamp(0, -1, v[1]) + std::clamp(v[0], (v.push_back(3), 0), 5);
  if (mode == 5)
    tb = std::ranges::max(v[1], (v.push_back(3), 0));
  if (mode == 6) {
    int low = 1;
    tb = std::max(low, v[1], [&](int a, int b) {
      v.clear();
      return a < b;
    });
  }
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
}
