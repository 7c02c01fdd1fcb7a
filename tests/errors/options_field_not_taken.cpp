// RUN: %expect-error mscclc %s
// RUN: not mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: not test -e %t.json
// CHECK: options_field_not_taken.cpp:19:17: error: field designator 'tb_group' does not refer to any field in type 'TbOptions'; this call's options take .tb
// CHECK: options_field_not_taken.cpp:21:28: error: field designator 'data' does not refer to any field in type 'MemorySyncOptions'; this call's options take .tb, .data_sync, .relaxed
// An option the method does not take (a port channel's put runs on one
// thread block, not a group): the error names the fields its options
// struct has.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void options_field_not_taken(int n = 2) {
  CollectiveProgram program("options_field_not_taken", AllGather(n, 2, true),
                            n);
  ThreadBlockGroup group({0, 1});
  PortChannel channel(1, 0);
  channel.put(Rank(1).get_output_buffer().slice(0, 2),
              Rank(0).get_output_buffer().slice(0, 2),
              {.tb_group = group});
  MemoryChannel memory(1, 0);
  memory.signal({.tb = 0, .data = true});
}
