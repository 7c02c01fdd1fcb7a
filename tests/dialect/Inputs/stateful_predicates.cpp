// A predicate with state of its own (a mutable lambda's captures, a
// function object's `mutable` member) given to std::remove_if or
// std::unique: libstdc++ finds the first element to remove (the first
// duplicate) with a copy of it, then goes on with the predicate itself,
// whose state is still what it was before that search. std::erase_if and
// std::count_if use one predicate throughout, and std::for_each returns
// its function object. Printed natively (libstdc++)
// and by mscclc, the lines must be the same
// (tests/dialect/stateful_predicates.test).
#include <algorithm>
#include <cstdio>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Summer {
  mutable int total = 0;
  void operator()(int x) const { total += x; }
};

struct EverySecond {
  mutable int calls = 0;
  bool operator()(int) const { return ++calls % 2 == 0; }
};

static void print(const char *what, const std::vector<int> &v) {
  printf("stateful %s", what);
  for (int x : v)
    printf(" %d", x);
  printf("\n");
}

static void body() {
  std::vector<int> r{1, 2, 3, 4};
  r.erase(std::remove_if(r.begin(), r.end(),
                         [k = 0](int) mutable { return ++k > 1; }),
          r.end());
  print("remove_if", r);

  std::vector<int> u{1, 2, 3, 4, 5, 6};
  u.erase(std::unique(u.begin(), u.end(),
                      [k = 0](int, int) mutable { return ++k == 1; }),
          u.end());
  print("unique", u);

  std::vector<int> w{5, 6, 7, 8, 9, 10};
  w.erase(std::remove_if(w.begin(), w.end(), EverySecond{}), w.end());
  print("functor", w);

  // No element to remove: the search's copy makes every call.
  std::vector<int> none{1, 2, 3};
  int calls = 0;
  none.erase(std::remove_if(none.begin(), none.end(),
                            [&calls](int) { return ++calls > 5; }),
             none.end());
  printf("stateful shared %d %zu\n", calls, none.size());

  std::vector<int> e{1, 2, 3, 4, 5};
  std::erase_if(e, [k = 0](int) mutable { return ++k % 2 == 0; });
  print("erase_if", e);

  std::vector<int> c{1, 2, 3, 4, 5};
  long counted =
      std::count_if(c.begin(), c.end(), [k = 0](int) mutable { return ++k > 2; });
  printf("stateful count_if %ld\n", counted);

  // std::for_each returns its function object with the state its calls
  // left.
  int total = std::for_each(c.begin(), c.end(), Summer{}).total;
  auto counter =
      std::for_each(c.begin(), c.end(), [n = 0](int) mutable { return ++n; });
  int after = counter(0);
  printf("stateful for_each %d %d\n", total, after);

  std::vector<int> d{1, 1, 2, 2, 3, 3, 3};
  d.erase(std::unique(d.begin(), d.end()), d.end());
  print("plain", d);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(stateful_predicates)
