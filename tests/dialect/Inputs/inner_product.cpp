// std::inner_product: init = op1(init, op2(*first1, *first2)) over the first
// range in order, by default init + *first1 * *first2; with std:: operations,
// lambdas, mixed element types, a double running value, parts of ranges and
// an empty range. Printed natively (libstdc++) and by mscclc, the lines must
// be the same (tests/dialect/inner_product.test).
#include <array>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

static void body() {
  std::vector<int> sizes = {4, 2, 7, 1};
  std::vector<int> counts = {3, 5, 0, 2};
  // The bytes all chunks take: sum of size * count.
  printf("inner total %d\n",
         std::inner_product(sizes.begin(), sizes.end(), counts.begin(), 0));
  // From a long start: the sum is computed in long.
  printf("inner long %ld\n", std::inner_product(sizes.begin(), sizes.end(),
                                                counts.begin(), 10000000000L));
  // A part of each range.
  std::array<long, 6> weights = {9, 1, 1, 2, 3, 4};
  printf("inner part %ld\n", std::inner_product(sizes.begin() + 1, sizes.end(),
                                                weights.begin() + 2, 0L));
  // std::plus with a lambda: how many positions agree; std:: operations.
  std::vector<int> a = {1, 2, 3, 4}, b = {1, 0, 3, 5};
  printf("inner equal %d\n",
         std::inner_product(a.begin(), a.end(), b.begin(), 0, std::plus<int>(),
                            [](int x, int y) { return int(x == y); }));
  printf("inner minus %d\n",
         std::inner_product(a.begin(), a.end(), b.begin(), 100, std::minus<>(),
                            std::multiplies<>()));
  // Lambdas: the largest difference, and a running value taken by value.
  int widest = std::inner_product(
      a.begin(), a.end(), b.begin(), 0,
      [](int acc, int d) { return acc > d ? acc : d; },
      [](int x, int y) { return x > y ? x - y : y - x; });
  printf("inner lambda %d\n", widest);
  // A double running value over integers, and unsigned wrap-around.
  std::vector<double> scale = {0.5, 0.25, 0.125, 2.0};
  printf("inner double %.4f\n",
         std::inner_product(scale.begin(), scale.end(), sizes.begin(), 0.0));
  std::vector<unsigned> u = {4000000000u, 3u};
  printf("inner unsigned %u\n",
         std::inner_product(u.begin(), u.end(), u.begin(), 0u));
  // An empty range gives init.
  printf("inner empty %d\n",
         std::inner_product(a.begin(), a.begin(), b.begin(), 42));
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(inner_product_values)
