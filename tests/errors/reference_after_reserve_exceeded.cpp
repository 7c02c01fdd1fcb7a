// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: %expect-error mscclc %s -P which=1 2>&1 | FileCheck %s --check-prefix=RESERVE
// RUN: %expect-error mscclc %s -P which=2 2>&1 | FileCheck %s --check-prefix=SHRINK
// reserve(3) leaves room for three elements: the fourth push_back
// reallocates, and a reference taken before it dangles. Growing the
// capacity with a later reserve() moves the elements too, and so does
// shrink_to_fit() with room to give back.
// RESERVE: error: 'first' refers to an object that no longer exists: reserve destroyed or moved it
// RESERVE: note: reserve here
// SHRINK: error: 'first' refers to an object that no longer exists: shrink_to_fit destroyed or moved it
// SHRINK: note: shrink_to_fit here
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reference_after_reserve_exceeded(int which = 0) {
  std::vector<int> tbs;
  tbs.reserve(3);
  tbs.push_back(0);
  int &first = tbs[0];
  tbs.push_back(1); // within the capacity: `first` still refers to tbs[0]
  int use = first;
  if (which == 0) {
    tbs.push_back(2);
    tbs.push_back(3); // expected-note {{push_back here}}
  } else if (which == 1) {
    tbs.reserve(16);
  } else {
    tbs.shrink_to_fit();
  }
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("r", collective, 1);
  // expected-error@+1 {{'first' refers to an object that no longer exists: push_back destroyed or moved it (C++ leaves this use undefined); index the container again after changing it, or copy the value before}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1), Rank(0).get_input_buffer().slice(0, 1), {.tb = first + use});
}
