// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::set made from another set's iterators: iterators are supported
// as positions of a std::vector or std::array (part of a vector works:
// tests/dialect/container_range_constructors.test).
#include <set>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_set_iterator_constructor(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::vector<int> ranks{1, 0, 1};
  std::set<int> fine(ranks.begin() + 1, ranks.end());
  // expected-error@+1 {{std::set takes iterators, which mscclc supports as positions in one std::vector or std::array written in the call from its begin() or end(): std::set(c.begin(), c.end(), ...), c.begin() + k, std::next(c.begin(), k); otherwise write the loop}}
  std::set<int> peers(fine.begin(), fine.end());
}
