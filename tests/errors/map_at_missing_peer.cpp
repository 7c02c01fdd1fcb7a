// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::map::at with a key the map does not hold (a peer that was skipped
// when the channels were made); the message gives the key and the size.
#include <mscclpp/dsl.hpp>
#include <map>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_at_missing_peer(int num_ranks = 4) {
  AllGather collective(num_ranks, 1, true);
  CollectiveProgram program("map_at_missing_peer", collective, num_ranks);
  std::map<int, MemoryChannel> channels;
  for (int peer = 1; peer < num_ranks; ++peer)
    channels.emplace(peer, MemoryChannel(peer, 0));
  for (int peer = 0; peer < num_ranks; ++peer)
    // expected-error@+1 {{map::at: key 0 is not in the map (it has 3 entries)}}
    channels.at(peer).signal({.tb = 0});
}
