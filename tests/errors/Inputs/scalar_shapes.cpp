// Conditions and indices of the shapes the integer machine computes without
// its loop (EvalScalar.cpp, scalarCodeShape): one variable read, maybe
// converted, and a comparison of a variable with a variable or a constant,
// next to the reads that must take the loop (a global, a static local whose
// first read runs its initialiser, a constant on the left), loop counters
// of every width and signedness up to their limits, and DSL constructors
// whose arguments are compiled once.
// `mode` picks the mistake; mode 0 has none.
#include <mscclpp/dsl.hpp>
#include <climits>
#include <cstdio>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

const int g_bound = 5;
// Steps of its own: read first inside the integer machine's code.
int next_bound(int x) {
  int y = 0;
  for (int i = 0; i < x; ++i)
    y += i;
  return y;
}

MSCCLPP_ALGORITHM void scalar_shapes(int mode = 0, int num_ranks = 4) {
  AllGather collective(num_ranks, 1, true);
  CollectiveProgram program("scalar_shapes", collective, num_ranks);
  long total = 0;
  // Variable against variable, and against a constant, all six ways.
  for (int a = 0, b = 3; a < 6; ++a) {
    total += (a < b) + 2 * (a > b) + 4 * (a <= b) + 8 * (a >= b) +
             16 * (a == b) + 32 * (a != b);
    if (a != 2)
      total += a;
    if (a == 4)
      total += 100;
    if (3 < a) // a constant on the left: the loop
      total += 1000;
  }
  // Unsigned 64-bit values above INT64_MAX compare as unsigned.
  unsigned long long big = ULLONG_MAX - 1, top = ULLONG_MAX;
  if (big < top)
    total += 7;
  if (top > big)
    total += 11;
  total += long(top * top + big * top % 1000); // modulo 2^64: 1 + 2
  // A constant global and a static local in a condition: the loop, with
  // the initialiser's steps on the first read.
  int seen = 0;
  for (int i = 0; i < g_bound; ++i) {
    static const int s_bound = next_bound(4);
    if (i < s_bound)
      total += i * 3;
    seen = s_bound;
  }
  // Counters of every width and signedness, up to their limits (the
  // unsigned ones wrap at the end, the narrow ones after promotion).
  int steps_left = 0;
  for (unsigned u = UINT_MAX - 2; u != 1; ++u)
    ++steps_left;
  for (unsigned long long v = 2; v != ULLONG_MAX - 1; --v)
    ++steps_left;
  for (long l = LONG_MAX - 3; l < LONG_MAX; ++l)
    ++steps_left;
  for (signed char c = 120; c > 0; ++c)
    ++steps_left;
  for (unsigned short h = 65533; h != 2; h++)
    ++steps_left;
  total += steps_left;
  // Indices: one variable, converted to size_t.
  std::vector<std::vector<int>> grid(3, std::vector<int>(4, 1));
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c)
      grid[r][c] = r * 10 + c;
  for (int r = 0; r < 3; ++r)
    total += grid[r][r];
  // DSL constructors: arguments read from locals, a global and a call.
  std::vector<std::map<int, MemoryChannel>> channel(num_ranks);
  for (int r = 0; r < num_ranks; ++r)
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        channel[r].emplace(p, MemoryChannel(p, r));
  channel[0].emplace(num_ranks, MemoryChannel(g_bound - 4, 0));
  channel[1].emplace(num_ranks, MemoryChannel(0, g_bound - 4));
  channel[0].at(num_ranks).signal({.tb = 1});
  channel[1].at(num_ranks).wait({.tb = 1});
  for (int r = 0; r < num_ranks; ++r)
    for (int p = 0; p < num_ranks; ++p)
      if (p != r) {
        channel[r].at(p).signal({.tb = 0});
        channel[r].at(p).wait({.tb = 0});
      }
  if (mode == 1) {
    int unset;
    for (int i = 0; i < 2; ++i)
      if (i != unset)
        total += 1;
  }
  if (mode == 2)
    MemoryChannel(num_ranks + next_bound(2), 0);
  if (mode == 3)
    total += grid[num_ranks - 1][0];
  std::printf("total %ld seen %d\n", total, seen);
  Buffer scratch(0, int(total % 7) + 1);
}
