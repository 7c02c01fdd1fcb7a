// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A sort's comparator may take its elements by non-const reference (valid
// C++: the library passes lvalues), but changing one behind the sort's back
// is undefined behaviour.
#include <algorithm>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_sort_comparator_by_reference(int n = 2) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<int> v{1, 2}; std::sort(v.begin(), v.end(), [](int &a, int &b) { return ++a > b; }); // expected-error {{the comparator of std::sort changed an element it was given (1 became 2), which is undefined behaviour; the comparator must only read: take the elements by const reference}}
}
