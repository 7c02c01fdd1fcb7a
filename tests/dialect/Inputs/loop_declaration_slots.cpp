// A loop body's declarations that hold an object of their own — a
// structured binding's object (`auto [q, r] = std::div(i, 7);`), a
// temporary a reference extends (`const auto &p = std::make_pair(...)`),
// std::minmax's bindings of a string's character, read as a value — take
// the same slot at every iteration, as a plain variable does, and a
// reference left dangling the same way at every iteration (never read)
// records its cause once, so that a long loop runs in constant memory
// (tests/dialect/loop_declaration_slots.test).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mscclpp/dsl.hpp>
#include <string>
#include <utility>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void loop_declaration_slots(int n = 1000000) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("loop_declaration_slots", collective, 1);
  long quotients = 0, pairs = 0, smallest = 0;
  const std::string digits = "0123456789";
  for (int i = 0; i < n; ++i) {
    auto [q, r] = std::div(i, 7);
    quotients += q + r;
    const auto &p = std::make_pair(i, 2);
    pairs += p.first * p.second;
    auto [lo, hi] = std::minmax(digits[size_t(i % 10)], digits[3]);
    smallest += lo - hi;
    const int &unread = std::max(i, 1 << 30); // the temporary: dangles
    (void)unread;
  }
  std::printf("slots %ld %ld %ld\n", quotients, pairs, smallest);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
