// RUN: mscclc --verify %s
// RUN: env MSCCLC_NO_PCH=1 mscclc --verify %s
// RUN: %expect-error mscclc %s
// map[key] = MemoryChannel(...) default-constructs the channel for a new
// key first, which a channel does not allow: Clang refuses the
// instantiation of map::operator[], and mscclc adds what to write instead.
#include <mscclpp/dsl.hpp>
#include <map>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void map_subscript_channel() {
  AllGather collective(2, 1, false);
  CollectiveProgram program("m", collective, 2);
  std::map<int, MemoryChannel> to;
  // expected-error@+1 {{map[key] inserts a default 'MemoryChannel' for a key it does not hold, and 'MemoryChannel' has none, so C++ refuses map[key] even for a key that is there; read the entry with at(key), and add it with emplace(key, MemoryChannel(...)) or insert_or_assign(key, MemoryChannel(...))}}
  to[1] = MemoryChannel(1, 0);
  // expected-note@* {{inside the library, instantiated from the line above}}
  // expected-note@* 3 {{candidate constructor}}
}
