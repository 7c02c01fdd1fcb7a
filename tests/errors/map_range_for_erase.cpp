// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Erasing the element a range-for over a map is on, then going on with
// the loop.
#include <mscclpp/dsl.hpp>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_range_for_erase() {
  std::map<int, int> load{{0, 1}, {1, 0}};
  // expected-error@+1 {{the container this range-for iterates was changed inside the loop (erase)}}
  for (auto &[tb, n] : load)
    if (n == 1)
      load.erase(tb); // expected-note {{erase here}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("m", collective, 1);
}
