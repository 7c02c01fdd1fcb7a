// What the numeric algorithms do with operands C++ converts or evaluates
// around them: an operation's result of the program's own class stored in
// an arithmetic init through its conversion operator, elements and
// transformed values of such a class given to a lambda taking a number,
// strings joined by std::plus, and an operation argument with side effects
// (evaluated once, though only its type is the library's operation). Printed
// natively (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/library_operation_conversions.test).
#include <cstdio>
#include <functional>
#include <numeric>
#include <string>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Bytes {
  long n;
  operator long() const { return n * 10; }
};

static void body() {
  std::vector<int> v = {4, 2, 7, 1, 3};
  auto wrap = [](long a, long b) { return Bytes{a + b}; };
  printf("convert result %ld %ld %ld\n",
         std::accumulate(v.begin(), v.end(), 0L, wrap),
         std::inner_product(v.begin(), v.end(), v.begin(), 0L, wrap,
                            std::multiplies<>()),
         std::transform_reduce(v.begin(), v.end(), 0L, wrap,
                               [](int x) { return x; }));
  std::vector<Bytes> pieces = {{1}, {2}, {3}, {4}, {5}};
  // A callback taking a number is given the element converted.
  printf("convert operands %ld %ld\n",
         std::accumulate(pieces.begin(), pieces.end(), 0L,
                         [](long a, long b) { return a + b; }),
         std::transform_reduce(
             pieces.begin(), pieces.end(), 1L,
             [](long a, long b) { return a * b % 997; },
             [](const Bytes &p) { return p; }));
  printf("convert strings %s\n",
         std::transform_reduce(v.begin(), v.end(), std::string("x"),
                               std::plus<>(),
                               [](int x) { return std::to_string(x); })
             .c_str());
  int k = 0;
  long a = std::accumulate(v.begin(), v.end(), 0L, [&] {
    ++k;
    return std::plus<>();
  }());
  long b = std::transform_reduce(
      v.begin(), v.end(), 0L,
      [&] {
        k += 10;
        return std::plus<>();
      }(),
      [](int x) { return x; });
  std::vector<int> sums(v.size());
  std::partial_sum(v.begin(), v.end(), sums.begin(), [&] {
    k += 100;
    return std::plus<>();
  }());
  printf("convert effects %ld %ld %d %d\n", a, b, sums.back(), k);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(library_operation_conversions)
