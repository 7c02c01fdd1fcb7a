// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Stepping a map iterator past end() is undefined; mscclc stops there.
#include <iterator>
#include <map>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_iterator_past_end() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::map<int, int> tbOfPeer = {{1, 0}, {2, 1}};
  auto last = std::next(tbOfPeer.begin(), 3); // expected-error {{this moves a map or set iterator past end() (undefined behaviour); test it against end() or begin() first}}
  (void)last;
}
