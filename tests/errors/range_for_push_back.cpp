// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// push_back on the vector a range-for iterates invalidates the loop's
// iterators (the end iterator at least).
#include <mscclpp/dsl.hpp>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void range_for_push_back() {
  std::vector<int> tbs{0, 1};
  // expected-error@+1 {{the container this range-for iterates was changed inside the loop (push_back), which invalidates the loop's iterators; collect the changes and apply them after the loop, or iterate by index}}
  for (int tb : tbs)
    tbs.push_back(tb + 2); // expected-note {{push_back here}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("r", collective, 1);
}
