// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=double-scratch-non-packet %s
// use_double_scratch_buffer with a switch channel over scratch: the
// executor adds the launch's half offset to local scratch accesses but not
// to multicast addresses, so every other launch reduces the other half.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void double_scratch_switch(int n = 2) {
  CollectiveProgram prog("p", AllReduce(n, n, true), n,
                         {.use_double_scratch_buffer = true});
  std::vector<int> ranks;
  for (int r = 0; r < n; ++r) {
    ranks.push_back(r);
    Buffer staging(r, n);
    Rank(r).copy(staging.slice(0, n), Rank(r).get_input_buffer().slice(0, n),
                 {.tb = 0});
  }
  SwitchChannel sw(ranks, BufferType::scratch);
  for (int r = 0; r < n; ++r) {
    // The reduce's destination, the in-place result, is not where the
    // broadcast stores (scratch): glres leaves it as it was.
    // expected-warning@+5 {{the reduce's destination chunk, which is part of the collective's result, is never written}}
    // expected-note@+4 {{fix: reduce into the chunk the broadcast stores}}
    // expected-note@+5 {{the broadcast it fuses with}}
    // expected-warning@+2 {{rank 0 thread block 0: use_double_scratch_buffer is only coherent for packet traffic; this op exchanges plain data through remote scratch (a switch channel's multicast addresses)}}
    // expected-note@+1 {{fix: use packet ops for scratch exchange}}
    sw.at_rank(r).reduce(r, 1, Rank(r).get_input_buffer().slice(r, r + 1),
                         {.tb = 0});
    sw.at_rank(r).broadcast(Rank(r).get_input_buffer().slice(r, r + 1), r, 1,
                            {.tb = 0});
  }
}
