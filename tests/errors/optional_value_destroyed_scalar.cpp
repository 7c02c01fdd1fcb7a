// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// The same read through the integer path: a reference to a reset
// optional's value used in arithmetic.
#include <mscclpp/dsl.hpp>
#include <optional>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void optional_value_destroyed_scalar(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  std::optional<int> peer = 1;
  const int &chosen = *peer;
  peer.reset();
  for (int i = 0; i < num_ranks; ++i)
    if (i == chosen + 1) // expected-error {{this reads a std::optional's value through a reference bound before the optional was emptied (reset, or assigned std::nullopt): that value no longer exists, and C++ leaves the read undefined; copy the value out before emptying the optional}}
      Rank(i).copy(Rank(i).get_output_buffer().slice(0, 1),
                   Rank(i).get_input_buffer().slice(0, 1), {.tb = 0});
}
