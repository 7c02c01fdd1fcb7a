// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc --list-algos %s 2>&1 | FileCheck %s
// An MSCCLPP_ALGORITHM mark on a class member or a template was ignored,
// and the file was said to have no algorithm marked MSCCLPP_ALGORITHM.
// CHECK: error: MSCCLPP_ALGORITHM marks a function declared in class 'Algorithms'
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Algorithms {
  // expected-error@+1 {{MSCCLPP_ALGORITHM marks a function declared in class 'Algorithms' (a member, or a friend defined there): an algorithm is a function at namespace scope; move it out of the class}}
  MSCCLPP_ALGORITHM static void inside(int n = 1) {
    TestCollective collective(n, 1, 1);
    CollectiveProgram program("inside", collective, n);
  }
  // expected-error@+1 {{MSCCLPP_ALGORITHM marks a function declared in class 'Algorithms'}}
  MSCCLPP_ALGORITHM static void outside(int n = 1);
  struct Nested {
    // expected-error@+1 {{MSCCLPP_ALGORITHM marks a function declared in class 'Nested'}}
    MSCCLPP_ALGORITHM friend void befriended(int n = 1) {
      TestCollective collective(n, 1, 1);
      CollectiveProgram program("befriended", collective, n);
    }
  };
};

// expected-error@+1 {{MSCCLPP_ALGORITHM marks a function declared in class 'Algorithms'}}
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

// Members of class templates, too.
template <typename T> struct Generic {
  // expected-error@+1 {{MSCCLPP_ALGORITHM marks a function declared in class 'Generic'}}
  MSCCLPP_ALGORITHM static void inside_template(int n = 1) {
    TestCollective collective(n, 1, 1);
    CollectiveProgram program("inside_template", collective, n);
  }
};

// A friend declaration naming a marked function declared elsewhere is not
// a mark of its own (it inherits the attribute): no error for it.
MSCCLPP_ALGORITHM void befriended_elsewhere(int n = 1);
struct Befriends {
  friend void befriended_elsewhere(int n);
};
MSCCLPP_ALGORITHM void befriended_elsewhere(int n) {
  TestCollective collective(n, 1, 1);
  CollectiveProgram program("befriended_elsewhere", collective, n);
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
