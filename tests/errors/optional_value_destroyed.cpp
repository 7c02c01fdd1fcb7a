// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A reference to a std::optional's value, read after the optional was
// emptied: the value no longer exists (undefined in C++). Before, the read
// copied the empty optional into an int and a later use stopped with an
// internal compiler error.
#include <mscclpp/dsl.hpp>
#include <optional>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void optional_value_destroyed(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  std::optional<int> peer = 1;
  const int &chosen = *peer;
  peer = std::nullopt;
  int copy = chosen; // expected-error {{this reads a std::optional's value through a reference bound before the optional was emptied (reset, or assigned std::nullopt): that value no longer exists, and C++ leaves the read undefined; copy the value out before emptying the optional}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(copy, copy + 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
