// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Iterators are not emulated: v.insert(v.begin(), x) is refused at the
// iterator, with what to write instead.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void iterator_unsupported(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::vector<int> order{1, 2};
  // expected-error@+1 {{'__gnu_cxx::__normal_iterator' is not supported in algorithm code; loop over indices or with a range-for instead}}
  order.insert(order.begin(), 0);
}
