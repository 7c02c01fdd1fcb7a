// What the library does in place, seen from inside: std::remove_if,
// std::unique and std::erase_if call their predicate while they move
// elements, so a predicate that reads the container sees the moves made so
// far; std::remove and std::erase take their value by reference, so an
// element of the range given as the value changes as elements move over
// it; std::erase_if on a map or set erases each entry as soon as it is
// picked. Also: std::optional compared with a value (or an optional) of
// another arithmetic type converts both as `*o == v` does, printf's
// negative '*' precision is taken as omitted and %c of 0 prints a NUL,
// and <cmath> calls of type float use the float functions. Printed
// natively (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/live_ranges_and_formats.test).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

static void print(const char *what, const std::vector<int> &v) {
  printf("live %s", what);
  for (int x : v)
    printf(" %d", x);
  printf("\n");
}

static void body() {
  // A predicate that reads the range it is removing from.
  std::vector<int> w{1, 2, 1, 3, 1};
  auto end = std::remove_if(w.begin(), w.end(),
                            [&](int x) { return x == w[0]; });
  w.erase(end, w.end());
  print("remove_if-reads", w);
  std::vector<int> u{1, 1, 2, 2, 3};
  int seen = 0;
  u.erase(std::unique(u.begin(), u.end(),
                      [&](int a, int b) {
                        seen = seen * 10 + u[1];
                        return a == b;
                      }),
          u.end());
  print("unique-reads", u);
  printf("live unique-saw %d\n", seen);
  std::vector<int> e{5, 1, 5, 2, 5, 3};
  std::erase_if(e, [&](int x) { return x == e[0] || x == e[1]; });
  print("erase_if-reads", e);
  // The value is an element of the range.
  std::vector<int> r{1, 2, 1, 3, 1};
  r.erase(std::remove(r.begin(), r.end(), r[0]), r.end());
  print("remove-alias", r);
  std::vector<int> f{3, 1, 3, 2, 3};
  std::erase(f, f.front());
  print("erase-alias", f);
  std::vector<int> g{4, 4, 1, 4};
  std::erase(g, g.back());
  print("erase-alias-back", g);
  // Moved-from strings are left behind the new end.
  std::vector<std::string> s{"a", "bb", "a", "cc"};
  auto send = std::remove(s.begin(), s.end(), std::string("a"));
  printf("live strings-kept %d tail [%s][%s]\n", int(send - s.begin()),
         s[2].c_str(), s[3].c_str());
  // The value found through an iterator or a function of the program.
  std::vector<int> a{3, 1, 3, 2};
  std::erase(a, *a.begin());
  print("erase-through-iterator", a);
  std::vector<int> mx{1, 3, 2, 3, 2};
  auto mend = std::remove(mx.begin(), mx.end(),
                          *std::max_element(mx.begin(), mx.end()));
  printf("live remove-max kept %d:", int(mend - mx.begin()));
  for (int x : mx)
    printf(" %d", x);
  printf("\n");
  auto firstOf = [](std::vector<int> &v) -> int & { return v[0]; };
  std::vector<int> fo{3, 1, 3, 2};
  std::erase(fo, firstOf(fo));
  print("erase-through-function", fo);
  // Map and set entries go as soon as the predicate picks them.
  std::map<int, int> m{{1, 1}, {2, 2}, {3, 3}, {4, 4}};
  auto n = std::erase_if(m, [&](const std::pair<const int, int> &) {
    return m.size() > 2;
  });
  printf("live map-erased %d left %d\n", int(n), int(m.size()));
  std::set<int> st{1, 2, 3, 4, 5};
  auto n2 = std::erase_if(st, [&](int) { return st.size() > 3; });
  printf("live set-erased %d left %d\n", int(n2), int(st.size()));
  // A predicate that erases a later entry, or adds one, changes the walk.
  std::map<int, int> me{{1, 1}, {2, 2}, {3, 3}, {4, 4}};
  int calls = 0;
  std::erase_if(me, [&](const std::pair<const int, int> &e) {
    ++calls;
    if (e.first == 1)
      me.erase(3);
    return e.first == 2;
  });
  printf("live map-erase-later calls %d left %d\n", calls, int(me.size()));
  std::map<int, int> mi{{1, 1}, {2, 2}};
  std::erase_if(mi, [&](const std::pair<const int, int> &e) {
    if (e.first == 1)
      mi[5] = 5;
    return e.first == 5;
  });
  printf("live map-insert left %d\n", int(mi.size()));
  // Optionals against values of other arithmetic types.
  std::optional<double> d = 3;
  std::optional<int> i = 15, neg = -1, none;
  std::optional<unsigned> one = 1u;
  std::optional<float> fl = 3;
  printf("live optional %d %d %d %d %d %d %d %d %d\n", d == 3, i == 15.0,
         i > 14.5, i == std::optional<double>(15.0), fl == 3, neg < 0u,
         one < neg, none < 0.5, 2.5 < i);
  // printf: a negative precision through '*' is no precision; %c of 0.
  int printed = printf("live printf [%.*d] [%.*f] [%*d] [%.*s]", -1, 42, -3,
                       1.5, -4, 7, -1, "xyz");
  printf(" %d\n", printed);
  printed = printf("live nul [%c] [%3c] [%-3c]", 0, 0, 256);
  printf(" %d\n", printed);
  printed = printf("live wide [%600d] [%.*d]", 1, -5000, 7);
  printf(" %d\n", printed);
  // <cmath> at float precision (arguments read from a vector, so that no
  // native compiler folds the calls with its own arithmetic).
  std::vector<float> x{0x1.19938p-7f, 0x1.0554d2p-7f, 0x1.0022dcp-7f,
                       0x1.0177ep-7f, 0x1.07b0ccp-7f, 0x1.00054ep-7f,
                       0x1.00c8d2p-7f, 1.37f};
  printf("live float-cmath %a %a %a %a %a %a %a %a\n", std::log(x[0]),
         logf(x[0]), std::log2(x[1]), std::log10(x[2]), std::exp(x[3]),
         std::exp2(x[4]), std::cbrt(x[5]), std::pow(x[6], x[7]));
  std::vector<double> y{0.1, 2.0, 0.5};
  printf("live double-cmath %a %a\n", std::log(y[0]), std::pow(y[1], y[2]));
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(live_ranges_and_formats)
