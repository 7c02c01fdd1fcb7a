// std::transform_reduce, the one-range form (a transformation of each
// element) and the two-range form (by default a sum of products), grouped
// as libstdc++ groups a random-access range: four elements at a time, then
// the rest one by one. The grouping shows in floating point (the sequential
// sum of the "grouping" line is 2.0, the library's 1.0). Printed natively
// (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/transform_reduce.test).
#include <array>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Piece {
  int rank;
  long bytes;
};

// A function object of the program's own with a template operator().
struct Larger {
  template <class A, class B> auto operator()(A a, B b) const {
    return a > b ? a : b;
  }
};

static long twice(int x) { return 2L * x; }

static void body() {
  std::vector<int> sizes = {4, 2, 7, 1, 3, 5, 6, 8, 9};
  // One range: the sum of squares, in long.
  printf("treduce squares %ld\n",
         std::transform_reduce(sizes.begin(), sizes.end(), 0L, std::plus<>(),
                               [](int s) { return long(s) * s; }));
  // The library's grouping: (x0 + x1) + (x2 + x3), then one by one.
  std::vector<double> parts = {1e16, 1.0, -1e16, 1.0, 1.0};
  printf("treduce grouping %.1f %.1f\n",
         std::transform_reduce(parts.begin(), parts.end(), 0.0, std::plus<>(),
                               [](double x) { return x; }),
         std::accumulate(parts.begin(), parts.end(), 0.0));
  // Two ranges: a dot product by default, and with operations.
  std::vector<int> counts = {3, 5, 0, 2, 1, 1, 1, 1, 2};
  printf("treduce dot %d %ld\n",
         std::transform_reduce(sizes.begin(), sizes.end(), counts.begin(), 0),
         std::transform_reduce(sizes.begin(), sizes.end(), counts.begin(), 0L,
                               std::plus<>(), std::multiplies<long>()));
  printf("treduce agree %d\n",
         std::transform_reduce(sizes.begin(), sizes.end(), counts.begin(), 0,
                               std::plus<int>(),
                               [](int x, int y) { return int(x > y); }));
  // A generic reduction, called on two transformed elements, on two
  // running values and on the running value and an element.
  printf("treduce generic %.2f\n",
         std::transform_reduce(
             sizes.begin(), sizes.end(), 0.5,
             [](auto a, auto b) { return a + b; },
             [](int s) { return s / 2; }));
  printf("treduce functor %ld %ld\n",
         std::transform_reduce(sizes.begin(), sizes.end(), 0L, Larger{},
                               twice),
         std::transform_reduce(sizes.begin(), sizes.end(), counts.begin(), -1L,
                               Larger{}, std::minus<>()));
  // Parts of ranges, an array, structs, and ranges too short to group.
  std::array<long, 5> weights = {9, 1, 1, 2, 3};
  printf("treduce part %ld %ld\n",
         std::transform_reduce(sizes.begin() + 2, sizes.begin() + 5,
                               weights.begin() + 1, 0L),
         std::transform_reduce(weights.begin(), weights.end(), 100L,
                               std::minus<>(), [](long w) { return w; }));
  std::vector<Piece> pieces = {{0, 4096}, {1, 1024}, {2, 512}, {3, 8}, {4, 1}};
  printf("treduce struct %ld\n",
         std::transform_reduce(pieces.begin(), pieces.end(), 0L,
                               std::bit_or<>(),
                               [](const Piece &p) { return p.bytes; }));
  std::vector<unsigned> u = {4000000000u, 3u, 4000000000u, 1u, 2u};
  printf("treduce unsigned %u\n",
         std::transform_reduce(u.begin(), u.end(), 0u, std::plus<>(),
                               [](unsigned x) { return x * 2u; }));
  std::vector<int> none;
  printf("treduce empty %d\n",
         std::transform_reduce(none.begin(), none.end(), 7, std::plus<>(),
                               [](int x) { return x; }));
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(transform_reduce)
