// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::vector<bool>'s iterators are not values: the error says to loop over
// indices (begin() and end() still work as an algorithm's range).
#include <algorithm>
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_bool_iterator(int n = 4) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::vector<bool> done(n, false);
  int finished = int(std::count(done.begin(), done.end(), true));
  for (auto it = done.begin(); it != done.end(); ++it) // expected-error {{'std::vector<bool>::begin' is not supported in algorithm code; std::vector<bool>'s iterators are not values (its elements are bits): loop over indices or with a range-for; `v.begin(), v.end()` work as an algorithm's whole range}}
    finished += *it;
}
