// References into swapped objects, as C++ keeps them: a member of an
// object of fixed shape (C array, std::array, std::pair, std::tuple, a
// struct), or the value of an engaged std::optional, stays where it is and
// reads the value the swap gave it. (A reference to a vector's, map's or
// set's element, which C++ lets follow the element into the other
// container, is an error: tests/errors/reference_after_swap.cpp.) Printed
// natively (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/swap_references.test).
#include <array>
#include <cstdio>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Base {
  int tag;
};
struct Route : Base {
  int peer;
  std::array<int, 2> hops;
  std::vector<int> path;
};

static void body() {
  std::array<int, 2> a{1, 2}, b{3, 4};
  int &a0 = a[0];
  std::swap(a, b);
  a0 += 10;
  printf("swap array %d %d %d %d\n", a0, a[0], a[1], b[0]);

  std::pair<int, int> p{5, 6}, q{7, 8};
  int &pFirst = p.first;
  p.swap(q);
  printf("swap pair %d %d %d\n", pFirst, p.first, q.first);

  std::tuple<int, std::array<int, 2>> t{1, {2, 3}}, u{4, {5, 6}};
  int &tInner = std::get<1>(t)[1];
  std::swap(t, u);
  printf("swap tuple %d %d %d\n", tInner, std::get<0>(t), std::get<1>(u)[1]);

  int c[3] = {1, 2, 3}, d[3] = {4, 5, 6};
  int &c2 = c[2];
  std::swap(c, d);
  printf("swap c-array %d %d\n", c2, d[2]);

  Route r{{1}, 2, {3, 4}, {5, 6}}, s{{7}, 8, {9, 10}, {11}};
  int &tag = r.tag;
  int &hop = r.hops[1];
  std::swap(r, s);
  printf("swap struct %d %d %d %d %d\n", tag, hop, int(r.path.size()),
         int(s.path.size()), s.path[1]);

  std::optional<int> o = 1, e = 2;
  int &held = *o;
  std::swap(o, e);
  held += 10;
  printf("swap optional %d %d %d\n", held, *o, *e);

  std::vector<std::array<int, 2>> rows{{1, 2}}, cols{{3, 4}, {5, 6}};
  int &rowHead = rows[0][0];
  std::swap(rows[0], cols[1]);
  printf("swap element %d %d %d\n", rowHead, rows[0][1], cols[1][0]);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(swap_references)
