// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::map::at with a key that is not in the map.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_at_missing_key() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("map_at_missing_key", collective, 2);
  std::map<int, MemoryChannel> channels;
  channels.emplace(1, MemoryChannel(1, 0));
  channels.at(0).signal({.tb = 0}); // expected-error {{map::at: key 0 is not in the map}}
}
