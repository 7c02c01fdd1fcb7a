// std::adjacent_difference: the first element, then each element minus (or
// `op` of it and) the one before it; into another vector, in place, into
// std::back_inserter, with std::plus and with a lambda. Printed natively
// (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/adjacent_difference.test).
#include <array>
#include <cstdio>
#include <functional>
#include <iterator>
#include <numeric>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

static void print(const char *what, const std::vector<long> &v) {
  printf("adjdiff %s:", what);
  for (long x : v)
    printf(" %ld", x);
  printf("\n");
}

static void body() {
  // Chunk sizes from the offsets they start at.
  std::vector<long> offsets = {0, 4, 6, 6, 13};
  std::vector<long> sizes(offsets.size());
  std::adjacent_difference(offsets.begin(), offsets.end(), sizes.begin());
  print("sizes", sizes);

  // In place: each element is read before the difference is written.
  std::vector<long> v = {3, 1, 4, 1, 5, 9, 2, 6};
  std::adjacent_difference(v.begin(), v.end(), v.begin());
  print("in place", v);

  // Into a growing vector, from part of a std::array.
  std::array<int, 5> a = {10, 20, 25, 40, 41};
  std::vector<long> out;
  std::adjacent_difference(a.begin() + 1, a.end(), std::back_inserter(out));
  print("appended", out);

  // With std::plus (pairwise sums) and with a lambda.
  std::vector<long> sums(4);
  std::adjacent_difference(offsets.begin(), offsets.begin() + 4, sums.begin(),
                           std::plus<long>());
  print("plus", sums);
  std::vector<long> gaps(5);
  std::adjacent_difference(offsets.begin(), offsets.end(), gaps.begin(),
                           [](long x, long prev) { return x * 10 + prev; });
  print("lambda", gaps);

  // Unsigned elements wrap as the library computes them.
  std::vector<unsigned> u = {5, 2, 7};
  std::vector<unsigned> du(3);
  std::adjacent_difference(u.begin(), u.end(), du.begin());
  printf("adjdiff unsigned: %u %u %u\n", du[0], du[1], du[2]);

  // An empty range writes nothing.
  std::vector<long> none, untouched = {7};
  std::adjacent_difference(none.begin(), none.end(), untouched.begin());
  print("empty", untouched);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(adjacent_difference)
