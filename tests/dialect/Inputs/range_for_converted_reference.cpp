// A range-for reference whose type differs from the element's binds to a
// temporary converted from the element, as C++ makes one: it does not see
// later writes to the element, and it has the reference's type (an int
// -1 seen as `const unsigned &` is 4294967295; as `const double &`, a
// double). A reference of the element's own type still aliases it.
// Printed natively (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/range_for_converted_reference.test).
#include <cstdio>
#include <map>
#include <utility>
#include <vector>

static void body() {
  std::vector<int> w{1, 2};
  for (const long &x : w) {
    w[0] = 3;
    printf("convref long: %ld\n", x);
    break;
  }
  for (const int &x : w) {
    w[0] = 5;
    printf("convref same type: %d\n", x);
    break;
  }
  std::vector<int> negative{-1};
  for (const unsigned &x : negative)
    printf("convref unsigned: %u %d\n", x, x > 0u ? 1 : 0);
  for (const double &x : std::vector<int>{7})
    printf("convref double: %.1f\n", x / 2);
  for (const long long &x : {-3, 4})
    printf("convref list: %lld\n", x * 1000000000000LL);
  std::map<int, int> m{{1, 10}};
  for (const std::pair<int, int> &p : m) {
    m[1] = 20;
    printf("convref pair: %d %d\n", p.first, p.second);
  }
  for (const std::pair<const int, int> &p : m) {
    m[1] = 30;
    printf("convref entry: %d %d\n", p.first, p.second);
  }
  // A std::vector<bool> proxy is a temporary that refers to its element.
  std::vector<bool> bits(3, false);
  for (auto &&b : bits)
    b = true;
  for (std::vector<bool>::reference &&b : bits)
    b = !b;
  printf("convref bits: %d %d %d\n", (int)bits[0], (int)bits[1],
         (int)bits[2]);
  for (const auto &b : bits) {
    bits[0] = true;
    printf("convref bit proxy: %d\n", (int)b);
    break;
  }
  for (const bool &b : bits) {
    bits[0] = false;
    printf("convref bit copy: %d\n", (int)b);
    break;
  }
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(range_for_converted_reference)
