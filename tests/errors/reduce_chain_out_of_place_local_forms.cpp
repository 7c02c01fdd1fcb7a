// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s -P packet=1 2>&1 | FileCheck %s --check-prefix=PKT
// PKT: error: 'repkt' on rank 0 thread block 0 has 12 source or destination buffers, more than the 10 the executor allows per op (after fusion)
// RUN: mscclc %s -P n=8 -o %t.re8.json 2> /dev/null
// RUN: mscclc %s -P n=8 -P packet=1 -o %t.pkt8.json 2> /dev/null
// RUN: %python -c "import json,sys; print(' '.join('/'.join(sorted({o['name'] for g in json.load(open(f))['gpus'] for t in g['threadblocks'] for o in t['ops']} & {'re', 'repkt'})) for f in sys.argv[1:]))" %t.re8.json %t.pkt8.json | FileCheck %s --check-prefix=KINDS
// KINDS: {{^re repkt$}}
// RUN: mscclc sim %t.re8.json --runs 1 | FileCheck %s
// RUN: mscclc sim %t.pkt8.json --runs 1 | FileCheck %s
// CHECK: verdict: pass
// The local forms of a reduce chain whose destination is not its first
// source (errors/reduce_chain_out_of_place_not_split.cpp has the channel
// form): ReduceScatter out of place, where every peer sends rank r its copy
// of chunk r into rank r's scratch, and rank r sums them into its output
// with one Rank::reduce per peer, each naming the input chunk first. The
// reference fuses the chain into one sum (reduce-chain-fused): a local re,
// or with packets (LL) a repkt. Past the executor's 10 buffers per op,
// splitting it (Q-FUSELIMIT) would start the second part again from the
// input chunk and lose the first part's sum, so the chain stays whole and
// the limit is an error. At 8 ranks it fits and compiles.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void chain_local(int n = 12, bool packet = false) {
  ReduceScatter collective(n, 1, false);
  CollectiveProgram program(
      "chain_local", collective, n,
      {.protocol = packet ? Protocol::LL : Protocol::Simple});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, n));
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    std::vector<int> peers;
    std::vector<MemoryChannel> ch;
    for (int p = 0; p < n; ++p)
      if (p != r) {
        peers.push_back(p);
        ch.push_back(MemoryChannel(p, r));
      }
    for (size_t k = 0; k < ch.size(); ++k) {
      const int p = peers[k];
      Chunk theirs = rank.get_input_buffer().slice(p, p + 1);
      if (packet)
        ch[k].put_packets(scratch[p].slice(r, r + 1), theirs, {.tb = 0});
      else
        ch[k].put(scratch[p].slice(r, r + 1), theirs, {.tb = 0});
    }
    if (!packet) {
      for (MemoryChannel &c : ch)
        c.signal({.tb = 0, .data_sync = SyncType::before});
      for (MemoryChannel &c : ch)
        c.wait({.tb = 0, .data_sync = SyncType::after});
    }
    Chunk in = rank.get_input_buffer().slice(r, r + 1);
    Chunk out = rank.get_output_buffer().slice(0, 1);
    for (int p : peers)
      // expected-warning@+5 {{this reduction has the first operand and the destination of the one before it}}
      // expected-note@+4 {{the reduction it fuses into}}
      // expected-note@+3 {{fix: write one reduce with all the operands}}
      // expected-error@+2 8 {{'re' on rank}}
      // expected-error@+1 {{more violation(s) of the mscclpp-0.9 executor's limits not shown}}
      rank.reduce(in, {scratch[r].slice(p, p + 1)},
                  {.tb = 0, .dst_chunk = out, .packet = packet});
  }
}
