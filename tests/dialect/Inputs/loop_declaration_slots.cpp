// A loop body's declarations that hold an object of their own — a
// structured binding's object (`auto [q, r] = std::div(i, 7);`), a
// temporary a reference extends (`const auto &p = std::make_pair(...)`),
// std::minmax's bindings of a value argument — take the same slot at every
// iteration, as a plain variable does, so that a long loop runs in
// constant memory (tests/dialect/loop_declaration_slots.test).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mscclpp/dsl.hpp>
#include <utility>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void loop_declaration_slots(int n = 1000000) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("loop_declaration_slots", collective, 1);
  long quotients = 0, pairs = 0, smallest = 0;
  for (int i = 0; i < n; ++i) {
    auto [q, r] = std::div(i, 7);
    quotients += q + r;
    const auto &p = std::make_pair(i, 2);
    pairs += p.first * p.second;
    auto [lo, hi] = std::minmax(i, 3);
    smallest += lo - hi;
  }
  std::printf("slots %ld %ld %ld\n", quotients, pairs, smallest);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
