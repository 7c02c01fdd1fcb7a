// In-place collectives whose races touch the slice one buffer takes of the
// other (executor-semantics §6.1): an AllGather's input is slice r of its
// output, a ReduceScatter's output slice r of its input. Each rank's thread
// block 1 writes the slice while thread block 0 reads it, with nothing
// ordering the two.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_slice_race(int n = 2) {
  AllGather collective(n, 1, /*inplace=*/true);
  CollectiveProgram program("allgather_slice_race", collective, n);
  for (int r = 0; r < n; ++r) {
    const int p = (r + 1) % n;
    MemoryChannel channel(p, r);
    channel.put(Rank(p).get_output_buffer().slice(r, r + 1),
                Rank(r).get_input_buffer().slice(0, 1), {.tb = 0});
    channel.signal({.tb = 0});
    channel.wait({.tb = 0});
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1),
                 Rank(r).get_output_buffer().slice(p, p + 1), {.tb = 1});
  }
}

MSCCLPP_ALGORITHM void reducescatter_slice_race(int n = 2) {
  ReduceScatter collective(n, 1, /*inplace=*/true);
  CollectiveProgram program("reducescatter_slice_race", collective, n);
  for (int r = 0; r < n; ++r) {
    const int p = (r + 1) % n;
    Rank(r).reduce(Rank(r).get_output_buffer().slice(0, 1),
                   {Rank(r).get_input_buffer().slice(p, p + 1)}, {.tb = 0});
    Rank(r).copy(Rank(r).get_input_buffer().slice(r, r + 1),
                 Rank(r).get_input_buffer().slice(p, p + 1), {.tb = 1});
  }
}
