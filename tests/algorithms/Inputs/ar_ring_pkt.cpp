// LL ring all-reduce: reduce-scatter around the ring with put_packets and
// packet reductions (fusing into respkt), then all-gather around the ring,
// forwarding received packets with read_put_packets and unpacking them.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ar_ring_pkt(std::string_view name = "ar_ring_pkt",
                                   int num_gpus = 3, int chunks = 2,
                                   bool inplace = true, int instances = 1,
                                   bool split_ag = false, bool auto_sync = true,
                                   bool fusion = true) {
  const int n = num_gpus;
  const int cf = chunks;
  AllReduce collective(n, cf, inplace);
  CollectiveProgram program(name, collective, n,
                            {.instances = instances,
                             .protocol = Protocol::LL,
                             .instr_fusion = fusion,
                             .auto_sync = auto_sync,
                             .use_double_scratch_buffer = true});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, 2 * (n - 1) * cf));
  const int ag_base = (n - 1) * cf;
  auto nxt = [n](int r) { return (r + 1) % n; };
  auto mod = [n](int x) { return ((x % n) + n) % n; };
  std::vector<MemoryChannel> chans;
  for (int r = 0; r < n; ++r)
    chans.push_back(MemoryChannel(nxt(r), r));
  std::vector<MemoryChannel> back;
  for (int r = 0; r < n; ++r)
    back.push_back(MemoryChannel(mod(r - 1), r));

  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    BaseBuffer inp = rank.get_input_buffer();
    BaseBuffer res = inplace ? inp : rank.get_output_buffer();
    MemoryChannel &ch = chans[r];
    for (int c = 0; c < cf; ++c) {
      const int tb = c;
      const int ag_tb = split_ag ? cf + c : c;
      ch.put_packets(scratch[nxt(r)].slice(c, c + 1),
                     inp.slice(r * cf + c, r * cf + c + 1), {.tb = tb});
      for (int s = 1; s < n; ++s) {
        const int b = mod(r - s);
        const int idx = b * cf + c;
        const int from = (s - 1) * cf + c;
        rank.reduce(
            inp.slice(idx, idx + 1), {scratch[r].slice(from, from + 1)},
            {.tb = tb, .dst_chunk = res.slice(idx, idx + 1), .packet = true});
        const int to = s < n - 1 ? s * cf + c : ag_base + c;
        ch.put_packets(scratch[nxt(r)].slice(to, to + 1),
                       res.slice(idx, idx + 1), {.tb = tb});
      }
      for (int t = 0; t < n - 1; ++t) {
        const int b = mod(r - t);
        const int idx = b * cf + c;
        const int slot = ag_base + t * cf + c;
        rank.unpack_packets(res.slice(idx, idx + 1),
                            scratch[r].slice(slot, slot + 1), {.tb = ag_tb});
        if (t < n - 2)
          ch.read_put_packets(scratch[nxt(r)].slice(slot + cf, slot + cf + 1),
                              scratch[r].slice(slot, slot + 1), {.tb = ag_tb});
      }
    }
  }
}
