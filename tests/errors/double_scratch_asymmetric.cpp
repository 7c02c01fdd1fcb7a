// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=double-scratch-asymmetric %s
// RUN: mscclc %s -P same_scratch=true -Werror -o %t.json
// Under use_double_scratch_buffer the executor adds the writer's half of
// scratch to a remote packet destination: when the ranks' scratch sizes
// differ (rank 0 has one extra scratch chunk here) the packets land in the
// wrong half of the peer's scratch or past its end. Equal sizes are fine.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void double_scratch_asymmetric(bool same_scratch = false) {
  CollectiveProgram prog("p", AllGather(2, 1, false), 2,
                         {.protocol = Protocol::LL,
                          .use_double_scratch_buffer = true});
  if (!same_scratch)
    Buffer staging(0, 1);
  std::vector<Buffer> landing{Buffer(0, 2), Buffer(1, 2)};
  for (int r = 0; r < 2; ++r) {
    int peer = 1 - r;
    Chunk mine = Rank(r).get_input_buffer().slice(0, 1);
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1), mine, {.tb = 0});
    // expected-warning@+2 {{rank 0 thread block 1: with use_double_scratch_buffer, this op writes packets into a peer's scratch at an offset made from this rank's scratch size, and the two differ (rank 1's scratch has 2 chunk(s), this rank's 3)}}
    // expected-note@+1 {{fix: give every rank the same number of scratch chunks, or disable use_double_scratch_buffer}}
    MemoryChannel(peer, r).put_packets(landing[peer].slice(r, r + 1), mine,
                                       {.tb = 1});
    Rank(r).unpack_packets(Rank(r).get_output_buffer().slice(peer, peer + 1),
                           landing[r].slice(peer, peer + 1), {.tb = 2});
  }
}
