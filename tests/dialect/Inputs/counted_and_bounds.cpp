// The counted algorithms (std::for_each_n, fill_n, generate_n, copy_n),
// std::ranges::lower_bound, upper_bound and binary_search over a vector
// or array, and std::equal_range over a vector, with built-in orders,
// std::greater and a counting comparator, printed natively (libstdc++)
// and by mscclc: the lines must be the same
// (tests/dialect/counted_and_bounds.test). All of these were refused
// before.
#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <iterator>
#include <ranges>
#include <vector>

static void body() {
  std::vector<int> v{1, 2, 3, 4, 5, 6};
  int s = 0;
  auto it = std::for_each_n(v.begin() + 1, 3, [&](int &x) {
    s += x;
    x *= 10;
  });
  printf("counted for_each_n %d %d %d %d\n", s, v[1], v[3], *it);
  auto it0 = std::for_each_n(v.begin(), 0, [&](int &x) { x = -1; });
  printf("counted for_each_n0 %d %d\n", v[0], (int)(it0 - v.begin()));
  std::array<int, 4> a{5, 6, 7, 8};
  std::for_each_n(a.begin(), 2, [](int &x) { x += 100; });
  printf("counted arr %d %d %d\n", a[0], a[1], a[2]);
  std::vector<double> d(5, 0.5);
  auto f = std::fill_n(d.begin() + 2, 2, 7);
  printf("counted fill_n %g %g %g %g %d\n", d[1], d[2], d[3], d[4],
         (int)(f - d.begin()));
  auto g = std::fill_n(d.begin(), -3, 9.0);
  printf("counted fill_n_neg %g %d\n", d[0], (int)(g - d.begin()));
  std::vector<int> w;
  std::fill_n(std::back_inserter(w), 3, 4);
  printf("counted fill_bi %d %d\n", (int)w.size(), w[2]);
  int k = 0;
  std::generate_n(std::back_inserter(w), 2,
                  [&] { return k++ * 3 + (int)w.size(); });
  printf("counted gen_bi %d %d %d\n", (int)w.size(), w[3], w[4]);
  auto e = std::generate_n(w.begin(), 2, [&k] { return ++k; });
  printf("counted gen_n %d %d %d\n", w[0], w[1], *e);
  std::array<int, 3> b{};
  std::generate_n(b.begin() + 1, 2, [n = 0]() mutable { return n += 5; });
  printf("counted gen_arr %d %d %d\n", b[0], b[1], b[2]);
  int calls = 0;
  auto counter = [&calls](int a, int b) {
    ++calls;
    return a < b;
  };
  std::vector<int> dst(6, 0);
  std::copy_n(v.begin() + 2, 3, dst.begin() + 1);
  printf("counted copy_n %d %d %d %d %d\n", dst[0], dst[1], dst[2], dst[3],
         dst[4]);
  std::vector<long> out;
  std::copy_n(a.begin(), 4, std::back_inserter(out));
  printf("counted copy_n_bi %d %ld %ld\n", (int)out.size(), out[0], out[3]);
  std::copy_n(v.begin(), 0, dst.begin());
  printf("counted copy_n0 %d\n", dst[0]);
  std::vector<int> sorted{1, 2, 2, 2, 5, 7, 9};
  auto lb = std::ranges::lower_bound(sorted, 2);
  auto ub = std::ranges::upper_bound(sorted, 2);
  printf("counted rlb %d %d\n", (int)(lb - sorted.begin()),
         (int)(ub - sorted.begin()));
  printf("counted rlb_end %d\n",
         (int)(std::ranges::lower_bound(sorted, 10) == sorted.end()));
  std::vector<int> desc{9, 7, 5, 3, 1};
  auto gl = std::ranges::lower_bound(desc, 5, std::greater<int>());
  printf("counted rlb_greater %d %d\n", (int)(gl - desc.begin()), *gl);
  auto cl = std::ranges::upper_bound(sorted, 5, counter);
  printf("counted rub_count %d %d\n", (int)(cl - sorted.begin()), calls);
  calls = 0;
  bool found = std::ranges::binary_search(sorted, 7, counter);
  printf("counted rbs %d %d\n", (int)found, calls);
  std::array<int, 5> arr{1, 3, 5, 7, 9};
  printf("counted rbs_arr %d %d\n", (int)std::ranges::binary_search(arr, 5),
         (int)std::ranges::binary_search(arr, 4));
  std::vector<int> empty;
  printf("counted rlb_empty %d\n",
         (int)(std::ranges::lower_bound(empty, 1) == empty.end()));
  auto [lo, hi] = std::equal_range(sorted.begin(), sorted.end(), 2);
  printf("counted er %d %d\n", (int)(lo - sorted.begin()),
         (int)(hi - sorted.begin()));
  auto r2 = std::equal_range(sorted.begin() + 1, sorted.end() - 1, 6);
  printf("counted er_absent %d %d\n", (int)(r2.first - sorted.begin()),
         (int)(r2.second - sorted.begin()));
  calls = 0;
  auto r3 = std::equal_range(sorted.begin(), sorted.end(), 2, counter);
  printf("counted er_count %d %d %d\n", (int)(r3.first - sorted.begin()),
         (int)(r3.second - sorted.begin()), calls);
  calls = 0;
  auto r4 = std::equal_range(sorted.begin(), sorted.end(), 8, counter);
  printf("counted er_count2 %d %d %d\n", (int)(r4.first - sorted.begin()),
         (int)(r4.second - sorted.begin()), calls);
  auto r5 = std::equal_range(desc.begin(), desc.end(), 3, std::greater<>());
  printf("counted er_greater %d %d\n", (int)(r5.first - desc.begin()),
         (int)(r5.second - desc.begin()));
  int n = 0;
  for (auto p = r3.first; p != r3.second; ++p)
    n += *p;
  printf("counted er_loop %d\n", n);
  std::vector<int> v4(4, 1);
  auto it2 = std::fill_n(v4.begin(), 2.7, 5);
  printf("counted count_float %d %d %d %d\n", v4[0], v4[1], v4[2],
         (int)(it2 - v4.begin()));
  std::vector<int> w2;
  std::fill_n(std::back_inserter(w2), 2.9, 3);
  printf("counted count_float %d\n", (int)w2.size());
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(counted_and_bounds)
