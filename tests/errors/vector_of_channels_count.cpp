// RUN: %expect-error mscclc %s 2>&1 | FileCheck %s
// std::vector<MemoryChannel>(n) and resize(n) default-construct channels,
// which have no default constructor. Clang's error is inside libstdc++;
// it is reported at the user's line, with what to write instead.
// CHECK: vector_of_channels_count.cpp:[[@LINE+13]]:32: error: no matching function for call to 'construct_at'; the standard library default-constructs 'MemoryChannel' here (as std::vector<MemoryChannel>(count) and resize do), and 'MemoryChannel' has no default constructor: add elements with push_back(MemoryChannel(...)) or emplace_back(...), and map entries with emplace(key, MemoryChannel(...))
// CHECK: note: inside the library, instantiated from the line above
// CHECK: vector_of_channels_count.cpp:[[@LINE+14]]:11: error: no matching function for call to 'construct_at'; the standard library default-constructs 'PortChannel' here
// CHECK: 2 errors generated.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void vector_of_channels_count(int n = 2,
                                                bool use_resize = false) {
  AllGather collective(2, 1, false);
  CollectiveProgram program("v", collective, 2);
  if (!use_resize) {
    std::vector<MemoryChannel> channels(n);
  } else {
    std::vector<PortChannel> ports;
    ports.resize(n);
  }
}
