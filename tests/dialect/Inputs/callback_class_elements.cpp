// Library callbacks that take a number, given elements of the program's own
// class with a conversion operator: each element reaches the callback
// converted, in every algorithm that calls one. Printed natively (libstdc++)
// and by mscclc, the lines must be the same
// (tests/dialect/callback_class_elements.test).
#include <algorithm>
#include <array>
#include <cstdio>
#include <numeric>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Bytes {
  long n;
  operator long() const { return n * 10; }
};

static void body() {
  std::vector<Bytes> pieces = {{3}, {1}, {4}, {1}, {5}};
  long total = 0;
  std::for_each(pieces.begin(), pieces.end(), [&](long x) { total += x; });
  std::for_each(pieces.begin() + 1, pieces.begin() + 3,
                [&](const long &x) { total += x * 100; });
  std::ranges::for_each(pieces, [&](double x) { total += long(x) * 1000; });
  std::for_each(pieces.begin(), pieces.begin() + 2, [&](long &&x) {
    x += 1; // the converted temporary, not the element
    total += x * 10000;
  });
  std::vector<Bytes> wide = {{30}, {26}};
  std::for_each(wide.begin(), wide.end(), [&](unsigned char x) { total += x; });
  printf("each %ld\n", total);
  std::array<Bytes, 3> fixed = {{{7}, {8}, {9}}};
  long sum = 0;
  std::for_each(fixed.begin(), fixed.end(), [&](long x) { sum += x; });
  printf("array %ld %ld\n", sum,
         std::ranges::count_if(fixed, [](long x) { return x >= 80; }));
  printf(
      "tests %d %d %d %ld\n",
      std::any_of(pieces.begin(), pieces.end(), [](long x) { return x == 40; }),
      std::all_of(pieces.begin(), pieces.end(), [](long x) { return x > 5; }),
      std::none_of(pieces.begin(), pieces.end(), [](int x) { return x < 0; }),
      std::count_if(pieces.begin(), pieces.end(),
                    [](long x) { return x > 10; }));
  auto big =
      std::find_if(pieces.begin(), pieces.end(), [](long x) { return x > 35; });
  printf("find %ld %ld\n", long(big - pieces.begin()), big->n);
  std::vector<int> twice(pieces.size());
  std::transform(pieces.begin(), pieces.end(), twice.begin(),
                 [](long x) { return int(x * 2); });
  printf("transform %d %d %d %d %d\n", twice[0], twice[1], twice[2], twice[3],
         twice[4]);
  auto most = std::max_element(pieces.begin(), pieces.end(),
                               [](long a, long b) { return a % 30 < b % 30; });
  printf("extreme %ld\n", most->n);
  std::sort(pieces.begin(), pieces.end(), [](long a, long b) { return a > b; });
  printf("sorted %ld %ld %ld %ld %ld\n", pieces[0].n, pieces[1].n, pieces[2].n,
         pieces[3].n, pieces[4].n);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(callback_class_elements)
