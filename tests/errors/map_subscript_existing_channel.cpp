// RUN: mscclc --verify %s
// RUN: env MSCCLC_NO_PCH=1 mscclc --verify %s
// RUN: not mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: test ! -e %t.json
// Reading a channel that is in the map with map[key] (Python's ch[(r, p)])
// is still refused: map::operator[] needs a default constructor, which a
// channel does not have, so C++ rejects the call whatever the key (clang++
// does, and now Clang inside mscclc too, which instantiates the map's
// member functions); the error says to read it with at(key).
#include <map>
#include <mscclpp/dsl.hpp>
#include <utility>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_subscript_existing_channel() {
  AllGather collective(2, 1, true);
  CollectiveProgram program("m", collective, 2);
  std::map<std::pair<int, int>, MemoryChannel> channels;
  channels.emplace(std::pair{0, 1}, MemoryChannel(1, 0));
  // CHECK: map_subscript_existing_channel.cpp:[[#@LINE+2]]:11: error: no matching constructor for initialization of 'mscclpp::dsl::MemoryChannel'; map[key] inserts a default 'MemoryChannel' for a key it does not hold, and 'MemoryChannel' has none, so C++ refuses map[key] even for a key that is there; read the entry with at(key)
  // expected-error@+1 {{so C++ refuses map[key] even for a key that is there}}
  channels[{0, 1}].signal({.tb = 0});
  // expected-note@* {{inside the library, instantiated from the line above}}
  // expected-note@* 3 {{candidate constructor}}
}
