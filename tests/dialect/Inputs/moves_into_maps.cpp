// Moves into std::map entries and C++20 aggregates built with parentheses
// by emplace, printed natively (libstdc++) and by mscclc: the lines must be
// the same (tests/dialect/moves_into_maps.test). Before, std::map's
// emplace(k, std::move(v)), try_emplace and insert(std::move(p)) left the
// source whole when they made the entry (they copied it), and
// `v.emplace_back(1, 2)` of an aggregate was refused, and so was a struct
// with `~S() = default;`.
#include <compare>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

struct Pair {
  int a;
  int b;
};
struct Defaults {
  int a;
  int twice = a * 2;
  int fixed;
  std::string name = "d";
};
struct Outer {
  Pair p;
  double w;
};
// `~Holder() = default;` declares a destructor, which C++ lets suppress
// the implicit move: std::move copies (before, the struct was refused).
struct Holder {
  std::vector<int> items;
  ~Holder() = default;
};
struct Ordered {
  int x, y;
  auto operator<=>(const Ordered &) const = default;
};

static void body() {
  std::map<int, std::vector<int>> m;
  std::vector<int> v{1, 2, 3};
  m.emplace(1, std::move(v)); // made: v is moved from
  std::printf("mv emplace-new %zu %zu\n", v.size(), m[1].size());
  std::vector<int> w{4, 5};
  m.emplace(1, std::move(w)); // key there: w stays whole
  std::printf("mv emplace-present %zu %zu\n", w.size(), m[1].size());

  std::map<int, std::string> ms;
  std::string s = "abc", t = "de";
  ms.try_emplace(2, std::move(s));
  ms.try_emplace(2, std::move(t));
  std::printf("mv try %zu %zu %s\n", s.size(), t.size(), ms[2].c_str());

  std::map<int, std::vector<int>> mi;
  std::pair<int, std::vector<int>> p{7, {1, 1}}, q{7, {2}};
  mi.insert(std::move(p));
  mi.insert(std::move(q));
  std::printf("mv insert %d %zu %d %zu %zu\n", p.first, p.second.size(),
              q.first, q.second.size(), mi[7].size());

  // A key of another class type (const char * for std::string): the entry
  // is made before the key is compared, so the value moves either way.
  std::map<std::string, std::vector<int>> named;
  std::vector<int> a{1}, b{2, 2};
  named.emplace("k", std::move(a));
  named.emplace("k", std::move(b));
  std::printf("mv unusable %zu %zu %zu\n", a.size(), b.size(),
              named["k"].size());

  std::unordered_map<int, std::vector<int>> um;
  std::vector<int> c{3}, d{4, 4};
  um.emplace(1, std::move(c));
  um.emplace(1, std::move(d));
  std::printf("mv unordered %zu %zu %zu\n", c.size(), d.size(), um[1].size());

  Holder h1{{1, 2, 3}};
  Holder h2 = std::move(h1);
  std::printf("mv holder %zu %zu\n", h1.items.size(), h2.items.size());

  std::vector<Pair> pairs;
  pairs.emplace_back(1, 2);
  pairs.emplace_back(3);
  pairs.emplace_back();
  std::printf("agg pairs %d %d %d %d %d %d\n", pairs[0].a, pairs[0].b,
              pairs[1].a, pairs[1].b, pairs[2].a, pairs[2].b);

  std::vector<Defaults> ds;
  ds.emplace_back(5);
  ds.emplace_back(6, 1, 2, "e");
  std::printf("agg defaults %d %d %d %s | %d %d %d %s\n", ds[0].a, ds[0].twice,
              ds[0].fixed, ds[0].name.c_str(), ds[1].a, ds[1].twice,
              ds[1].fixed, ds[1].name.c_str());

  std::vector<Outer> os;
  os.emplace_back(Pair{8, 9}, 2.5);
  os.emplace_back(pairs[0], 7); // an int for a double member
  std::printf("agg nested %d %d %.1f %d %.1f\n", os[0].p.a, os[0].p.b, os[0].w,
              os[1].p.b, os[1].w);

  std::vector<Pair> narrowed;
  narrowed.emplace_back(2.75, -1.5); // parentheses allow narrowing
  std::printf("agg narrowed %d %d\n", narrowed[0].a, narrowed[0].b);

  std::map<int, Pair> mp;
  mp.try_emplace(4, 10, 11);
  mp.emplace(5, 12); // a Pair from one int
  std::printf("agg map %d %d %d %d\n", mp[4].a, mp[4].b, mp[5].a, mp[5].b);

  std::set<Ordered> so;
  so.emplace(2, 1);
  so.emplace(1, 5);
  std::printf("agg set %d %d\n", so.begin()->x, so.begin()->y);

  // One argument of another type makes the aggregate too (a set's key, a
  // map's key).
  std::set<Ordered> one;
  one.insert(Ordered{5, 0});
  one.emplace(5);
  one.emplace(7);
  std::printf("agg set-one %zu %d\n", one.size(),
              int(one.count(Ordered{7, 0})));
  std::map<Ordered, int> keyed;
  keyed.emplace(5, 1);
  keyed.emplace(Ordered{5, 0}, 2);
  std::printf("agg map-key %zu %d\n", keyed.size(), keyed[Ordered{5, 0}]);

  std::optional<Pair> op;
  op.emplace(13, 14);
  std::printf("agg optional %d %d\n", op->a, op->b);
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(moves_into_maps)
