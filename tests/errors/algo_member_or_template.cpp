// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc --list-algos %s 2>&1 | FileCheck %s
// An MSCCLPP_ALGORITHM mark on a class member or a template was ignored,
// and the file was said to have no algorithm marked MSCCLPP_ALGORITHM.
// CHECK: error: MSCCLPP_ALGORITHM marks a member of 'Algorithms'
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Algorithms {
  // expected-error@+1 {{MSCCLPP_ALGORITHM marks a member of 'Algorithms': an algorithm is a function at namespace scope; move it out of the class}}
  MSCCLPP_ALGORITHM static void inside(int n = 1) {
    TestCollective collective(n, 1, 1);
    CollectiveProgram program("inside", collective, n);
  }
  // expected-error@+1 {{MSCCLPP_ALGORITHM marks a member of 'Algorithms'}}
  MSCCLPP_ALGORITHM static void outside(int n = 1);
  struct Nested {
    // expected-error@+1 {{MSCCLPP_ALGORITHM marks a member of 'Nested'}}
    MSCCLPP_ALGORITHM friend void befriended(int n = 1) {
      TestCollective collective(n, 1, 1);
      CollectiveProgram program("befriended", collective, n);
    }
  };
};

// expected-error@+1 {{MSCCLPP_ALGORITHM marks a member of 'Algorithms'}}
void Algorithms::outside(int n) {
  TestCollective collective(n, 1, 1);
  CollectiveProgram program("outside", collective, n);
}

template <int K>
// expected-error@+1 {{MSCCLPP_ALGORITHM marks a template: an algorithm is an ordinary function; make the template parameters function parameters, which -P sets}}
MSCCLPP_ALGORITHM void templated(int n = 1) {
  TestCollective collective(n, K, K);
  CollectiveProgram program("templated", collective, n);
}
template void templated<1>(int);

// expected-error@+2 {{MSCCLPP_ALGORITHM marks a template}}
template <>
MSCCLPP_ALGORITHM void templated<2>(int n) {
  TestCollective collective(n, 2, 2);
  CollectiveProgram program("templated2", collective, n);
}

// The ordinary algorithm next to them is not compiled either: the marks
// are mistakes to fix first.
MSCCLPP_ALGORITHM void ordinary(int n = 1) {
  TestCollective collective(n, 1, 1);
  CollectiveProgram program("ordinary", collective, n);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
