// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: mscclc %s -P n=8 -o %t.n8.json 2> /dev/null
// RUN: mscclc sim %t.n8.json --runs 1 | FileCheck %s
// CHECK: verdict: pass
// A reduce chain whose destination is not its first source (each peer's
// reduce names the output chunk): the reference fuses it into one sum
// (reduce-chain-fused). Past the executor's 10 buffers per op, splitting it
// (Q-FUSELIMIT) would start the second part again from the input chunk and
// overwrite the first part's sum, so the chain stays whole and the limit
// is an error, with the fix. At 8 ranks the chain fits and compiles.
#include <mscclpp/dsl.hpp>
#include <map>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void chain_out_of_place(int n = 12) {
  AllReduce collective(n, 1, false);
  CollectiveProgram program("chain_out_of_place", collective, n);
  for (int r = 0; r < n; ++r) {
    Chunk in = Rank(r).get_input_buffer().slice(r, r + 1);
    Chunk out = Rank(r).get_output_buffer().slice(r, r + 1);
    std::map<int, MemoryChannel> ch;
    for (int p = 0; p < n; ++p)
      if (p != r)
        ch.emplace(p, MemoryChannel(p, r));
    for (auto &[p, c] : ch)
      c.signal({.tb = 0, .relaxed = true});
    for (auto &[p, c] : ch)
      c.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    for (auto &[p, c] : ch)
      // expected-warning@+5 {{this reduction has the first operand and the destination of the one before it}}
      // expected-note@+4 {{the reduction it fuses into}}
      // expected-note@+3 {{fix: write one reduce with all the operands}}
      // expected-error@+2 8 {{'rre' on rank}}
      // expected-error@+1 {{more violation(s) of the mscclpp-0.9 executor's limits not shown}}
      c.reduce(in, {Rank(p).get_input_buffer().slice(r, r + 1)},
               {.tb = 0, .local_dst_chunk = out});
    for (auto &[p, c] : ch)
      c.signal({.tb = 0, .data_sync = SyncType::before});
    for (auto &[p, c] : ch)
      c.wait({.tb = 0});
    // The sum goes out from thread block 1, once thread block 0 has it.
    Semaphore done(r, 0);
    done.release({.tb = 0, .data_sync = SyncType::before});
    done.acquire({.tb = 1, .data_sync = SyncType::after});
    std::map<int, MemoryChannel> out_ch;
    for (auto &[p, c] : ch)
      out_ch.emplace(p, MemoryChannel(p, r));
    for (auto &[p, c] : out_ch)
      c.put(Rank(p).get_output_buffer().slice(r, r + 1), out, {.tb = 1});
    for (auto &[p, c] : out_ch)
      c.signal({.tb = 1, .data_sync = SyncType::before});
    for (auto &[p, c] : out_ch)
      c.wait({.tb = 1});
  }
}
