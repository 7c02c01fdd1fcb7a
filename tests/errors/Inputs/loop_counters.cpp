// Loops whose condition and counter the evaluator looks up once per loop
// (a condition's plan, the slot of a counter the init declares) next to
// loops it cannot: counters that are references, struct members, captured
// and changed by a lambda, declared outside the loop, or changed in the
// body.
// `mode` picks the mistake; mode 0 has none.
#include <mscclpp/dsl.hpp>
#include <climits>
#include <cstdio>
#include <map>
#include <vector>
using namespace mscclpp::dsl;

constexpr int kLimit = 3;
struct Counter {
  int n = 0;
};

MSCCLPP_ALGORITHM void loop_counters(int mode = 0, int num_ranks = 4) {
  AllGather collective(num_ranks, 1, true);
  CollectiveProgram program("loop_counters", collective, num_ranks);
  long total = 0;
  for (int i = 0; i < 5; ++i)
    total += i;
  for (unsigned u = 3; u != 0; u--)
    total += u;
  for (short s = 10; s > 0; s -= 3)
    total += s;
  int outside = 0;
  for (outside = 2; outside < 9; outside += 2)
    total += outside;
  int base = 4;
  for (int &ref = base; ref > 0; --ref)
    total += ref;
  Counter member;
  for (member.n = 0; member.n < kLimit; ++member.n)
    total += member.n;
  for (int i = 0, j = 10; i < j; ++i, --j)
    total += i * j;
  for (int i = 0; i < 20; ++i) {
    auto skip = [&i] { i += 2; };
    if (i % 4 == 0)
      skip();
    if (i == 7)
      continue;
    total += i;
  }
  for (int i = 0; i < 6; i++) {
    i += i % 2;
    total -= i;
  }
  unsigned char wrap = 250;
  for (int n = 0; n < 10; ++n, ++wrap)
    total += wrap;
  int k;
  for (k = 0; k < 3; ++k)
    total += k;
  int k2 = 0;
  for (int j = 5; k2 < 3; ++k2)
    total += j + k2;
  int w = 0;
  while (w < 7)
    total += w++;
  do
    total += w--;
  while (w > 3);
  while (int left = 3 - w)
    w += left > 0 ? 1 : -1;
  std::vector<std::map<int, MemoryChannel>> channel(num_ranks);
  for (int r = 0; r < num_ranks; ++r)
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        channel[r].emplace(p, MemoryChannel(p, r));
  for (int r = 0; r < num_ranks; ++r)
    for (int p = 0; p < num_ranks; ++p) {
      if (p != r && (p + r) % 2 == 0)
        total += p * num_ranks + r;
      if (p != r) {
        channel[r].at(p).signal({.tb = 0});
        channel[r].at(p).wait({.tb = 0});
      }
    }
  if (mode == 1)
    for (int i; i < 3; ++i)
      total += 1;
  if (mode == 2)
    for (int i = INT_MAX - 3; i > 0; ++i)
      total += 1;
  if (mode == 3)
    for (int i = INT_MIN + 2; i < 0; i--)
      total += 1;
  std::printf("total %ld w %d base %d member %d outside %d\n", total, w, base,
              member.n, outside);
  Buffer scratch(0, int(total % 7) + 1);
}
