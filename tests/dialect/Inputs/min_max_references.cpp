// std::min and std::max (and std::ranges::min and max) of two values, and
// std::clamp, return a reference to the one they pick: a reference bound to
// the result follows later changes of that object. Printed natively
// (libstdc++) and by mscclc, the lines must be the same
// (tests/dialect/min_max_references.test).
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Load {
  int rank = 0;
  int bytes = 0;
};

static void body() {
  int a = 5, b = 3;
  const int &larger = std::max(a, b);
  const int &smaller = std::min(a, b);
  a = 100;
  b = -7;
  printf("minmax refs %d %d\n", larger, smaller);

  // Equal values: min and max both pick the first.
  int x = 4, y = 4;
  const int &first = std::max(x, y);
  x = 9;
  printf("minmax equal %d\n", first);

  // Elements of a vector, and a comparator.
  std::vector<int> v = {4, 1, 7};
  const int &low = std::min(v[0], v[1]);
  const int &high = std::max(v[0], v[2], std::greater<int>());
  v[1] = -5;
  v[0] = 40;
  printf("minmax elements %d %d\n", low, high);

  // Structs compared by a lambda: the reference reads the chosen struct.
  Load p{0, 64}, q{1, 32};
  auto byBytes = [](const Load &l, const Load &r) { return l.bytes < r.bytes; };
  const Load &busiest = std::max(p, q, byBytes);
  p.bytes = 1;
  printf("minmax struct %d %d\n", busiest.rank, busiest.bytes);

  // Assigning the result copies it, as before.
  int m = std::max(a, b);
  a = 0;
  printf("minmax copy %d %d\n", m, std::min(a, 2));

  // std::ranges::min and max of two values also return a reference.
  int c = 8, d = 2;
  const int &rlow = std::ranges::min(c, d);
  const int &rhigh = std::ranges::max(c, d);
  d = 20;
  c = 30;
  printf("minmax ranges %d %d\n", rlow, rhigh);

  // std::clamp(v, lo, hi) returns a reference to the one it picks.
  int level = 12, floor = 0, ceiling = 10;
  const int &clamped = std::clamp(level, floor, ceiling);
  const int &inside = std::clamp(floor, -1, ceiling);
  ceiling = 11;
  floor = 3;
  printf("minmax clamp %d %d %d\n", clamped, inside, std::clamp(level, 1, 5));

  // The list forms return copies.
  int e = 1, f = 2;
  const int &listed = std::max({e, f});
  f = 50;
  printf("minmax list %d\n", listed);
}

#ifdef __MSCCLC__
using namespace mscclpp::dsl;
MSCCLPP_ALGORITHM void min_max_references() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("min_max_references", collective, 1);
  body();
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
#else
int main() { body(); }
#endif
