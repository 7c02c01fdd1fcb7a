// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=self-channel %s
// RUN: mscclc %s -P num_ranks=4 -Werror -o %t.json
// Each rank handshakes with the rank half the ring away; with one rank
// that peer is the rank itself and the channel goes from rank 0 to rank 0,
// a slip the reference DSL accepts, so a warning. With more ranks the
// peers differ and nothing is reported.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void self_channel(int num_ranks = 1) {
  AllGather collective(num_ranks, 1, true);
  CollectiveProgram program("self_channel", collective, num_ranks);
  for (int r = 0; r < num_ranks; ++r) {
    int peer = (r + num_ranks / 2) % num_ranks;
    // expected-warning@+1 {{memory channel from rank 0 to itself: a rank reads and writes its own buffers with local ops (copy, reduce), so a channel to itself is usually a slip, such as swapped ranks or a peer computed as (r + 1) % n with n = 1 (a warning, as the reference DSL accepts it)}}
    MemoryChannel channel(peer, r);
    channel.signal({.tb = 0});
    channel.wait({.tb = 0});
  }
}
