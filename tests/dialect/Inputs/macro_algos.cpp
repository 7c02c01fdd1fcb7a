// Algorithms whose defaults --list-algos cannot take from their own text:
// made by a macro, or written over several lines with comments.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

#define DEFAULT_N 2
#define MAKE(NAME, N)                                                          \
  MSCCLPP_ALGORITHM void NAME(int n = N, int m = DEFAULT_N + 1) {              \
    AllGather c(n, 1, true);                                                   \
    CollectiveProgram p(#NAME, c, n);                                          \
    (void)m;                                                                   \
  }
MAKE(a1, 2)

MSCCLPP_ALGORITHM void multi(int k = 1 // one
                             + /* two */ 2) {
  AllGather c(k, 1, true);
  CollectiveProgram p("multi", c, k);
}
