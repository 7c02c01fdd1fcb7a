// RUN: %expect-error mscclc %s
// RUN: not mscclc %s 2>&1 | FileCheck %s --implicit-check-not="did you mean"
// Python words and habits in C++: each error says how C++ spells it,
// instead of the closest name in the C library (True was "did you mean
// 'free'?", range "'rand'?", a keyword argument tb=0 "'tm'?"; one that is
// a parameter of its own, not an options field, is passed by position), a
// method of another channel kind names the kind that has it, and
// ChannelType.switch gets the C++ enumerator's spelling.
// CHECK: error: use of undeclared identifier 'True'; C++ spells it true
// CHECK: error: use of undeclared identifier 'False'; C++ spells it false
// CHECK: error: use of undeclared identifier 'None'; C++ has no None: leave an option out for its default, or use std::nullopt for an empty std::optional
// CHECK: error: use of undeclared identifier 'range'; C++ counts with a loop, for (int i = 0; i < n; ++i) (Python's for i in range(n))
// CHECK: error: use of undeclared identifier 'print'; print with printf from <cstdio>: printf("%d\n", x)
// CHECK: error: use of undeclared identifier 'tb'; C++ has no keyword arguments: the DSL's options are a braced list of fields, {.tb = ...}
// CHECK: error: use of undeclared identifier 'tb_list'; C++ has no keyword arguments: pass tb_list by position (in the order <mscclpp/dsl.hpp> declares)
// CHECK: error: 'SyncType' does not refer to a value; name a member of SyncType with ::, as SyncType::member (Python's SyncType.member)
// CHECK: error: indirection requires pointer operand ('int' invalid); C++ has no ** operator: multiply (n * n), or call std::pow from <cmath>
// CHECK: error: no member named 'append' in 'std::vector<int>'; a vector grows with push_back (Python's append)
// CHECK: error: no matching member function for call to 'slice'; slice takes (start, stop), as Python's buffer[start:stop] (buffer[i:] is slice(i, end) with the buffer's end), or nothing for the whole buffer
// CHECK: error: no viable conversion from 'Chunk' to 'std::vector<Chunk>'; to pass one element as a list, put it in braces: {x} (Python's [x])
// CHECK: error: no viable conversion from 'int' to 'OpOptions'; options are a braced list of fields: {.tb = 0} (or {0} for the first field)
// CHECK: error: no member named 'put_with_signal' in 'mscclpp::dsl::MemoryChannel'; 'put_with_signal' is a method of PortChannel, not of MemoryChannel
// CHECK: error: no member named 'get' in 'mscclpp::dsl::PortChannel'; 'get' is a method of MemoryChannel, not of PortChannel
// CHECK: error: expected unqualified-id; switch is a C++ keyword: the enumerator is spelt switch_ (ChannelType::switch_)
#include <mscclpp/dsl.hpp>
#include <string>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void python_spellings(int num_ranks = 2) {
  AllGather collective(num_ranks, 1, True);
  CollectiveProgram program("p", collective, num_ranks);
  bool done = False;
  auto nothing = None;
  for (int r : range(num_ranks))
    print(r);
  MemoryChannel ch(1, 0), back(0, 1);
  ch.signal(tb=0);
  Rank(0).barrier(tb_list = {0});
  back.wait({.tb = 0, .data_sync = SyncType.after});
  int squared = num_ranks ** 2;
  std::vector<int> peers;
  peers.append(1);
  BaseBuffer input = Rank(0).get_input_buffer();
  Chunk tail = input.slice(1);
  Rank(0).reduce(input.slice(0, 1), input.slice(1, 2), {.tb = 0});
  ch.put(Rank(1).get_output_buffer().slice(0, 1), input.slice(0, 1), 0);
  ch.put_with_signal(Rank(1).get_output_buffer().slice(0, 1), input.slice(0, 1), {.tb = 0});
  PortChannel port(1, 0);
  port.get(input.slice(0, 1), Rank(1).get_input_buffer().slice(0, 1), {.tb = 0});
  ChannelType kind = ChannelType::switch;
}
