// Comparisons with a NaN, printed natively (libstdc++) and by mscclc: the
// lines must be the same (tests/dialect/nan_comparisons.test). A NaN equals
// nothing, itself included, and a pair, tuple, optional, vector, array or
// defaulted struct comparison that meets one is unordered, as C++20's
// synthesized comparisons make it. Before, the library's searches
// (count, find, remove, erase, unique) and these comparisons took a NaN
// for equal to everything.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

struct D {
  double x;
  bool operator==(const D &) const = default;
};
struct E {
  double x;
  int y;
  auto operator<=>(const E &) const = default;
};
static void body() {
  double nan = std::sqrt(-1.0);
  std::vector<double> v{1.0, nan, 2.0};
  printf("nan count %d\n", (int)std::count(v.begin(), v.end(), nan));
  printf("nan find %d\n",
         (int)(std::find(v.begin(), v.end(), nan) - v.begin()));
  printf("nan rcount %d\n", (int)std::ranges::count(v, nan));
  printf("nan rfind %d\n", (int)(std::ranges::find(v, nan) - v.begin()));
  printf("nan count1 %d\n", (int)std::count(v.begin(), v.end(), 1.0));
  std::vector<double> w{nan, nan, 1.0, -0.0, 0.0, 1.0};
  w.erase(std::unique(w.begin(), w.end()), w.end());
  printf("nan unique %d\n", (int)w.size());
  std::vector<double> r{nan, 3.0, nan};
  r.erase(std::remove(r.begin(), r.end(), nan), r.end());
  printf("nan remove %d\n", (int)r.size());
  printf("nan erase %d\n", (int)std::erase(v, nan));
  std::pair<double, int> p{nan, 1}, q{1.0, 0};
  printf("nan pair %d %d %d %d %d %d\n", p == p, p != p, p < q, q < p, p <= q,
         p >= q);
  std::tuple<double, int> t{nan, 2};
  printf("nan tuple %d %d\n", t == t, t < std::tuple<double, int>{5.0, 1});
  std::optional<double> o = nan;
  printf("nan opt %d %d %d %d\n", o == o, o == nan, o != nan, o < 3.0);
  std::vector<double> vv{nan};
  std::array<double, 2> a{1.0, nan};
  printf("nan vec %d %d %d %d\n", vv == vv, vv != vv, vv <= vv, a == a);
  D d{nan};
  E e{nan, 1}, f{1.0, 2};
  printf("nan struct %d %d %d %d %d\n", d == d, e == e, e <= e, e < f, f < e);
  printf("nan tie %d\n", std::tie(nan) == std::tie(nan));
  std::vector<std::pair<double, int>> ps{{1.0, 1}, {nan, 2}, {0.5, 3}};
  auto mx = std::max_element(ps.begin(), ps.end());
  printf("nan maxel %d\n", (int)(mx - ps.begin()));
  auto mn = std::min_element(ps.begin(), ps.end());
  printf("nan minel %d\n", (int)(mn - ps.begin()));
  printf("nan max2 %d\n", std::max(p, q).second);
  printf("nan min2 %d\n", std::min(p, q).second);
  std::vector<double> s{1.0, 2.0, 3.0};
  printf("nan lb %d\n",
         (int)(std::lower_bound(s.begin(), s.end(), nan) - s.begin()));
  printf("nan bs %d\n", (int)std::binary_search(s.begin(), s.end(), nan));
  printf("nan scalar %d %d %d\n", nan == nan, nan < 1.0, nan != nan);
  std::vector<double> c{nan, 1.0};
  printf("nan contains %d\n",
         (int)(std::find(c.begin(), c.end(), 1.0) - c.begin()));
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(nan_comparisons)
