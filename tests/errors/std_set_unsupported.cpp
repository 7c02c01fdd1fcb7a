// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::set is not emulated: the error names the std::map that does the job.
#include <mscclpp/dsl.hpp>
#include <set>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void std_set_unsupported(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  // expected-error@+1 {{'std::set' is not supported in algorithm code; use a std::map with the elements as keys (it iterates them in ascending order)}}
  std::set<int> peers{1, 0};
}
