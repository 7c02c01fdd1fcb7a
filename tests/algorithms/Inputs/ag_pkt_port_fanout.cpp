// LL AllGather that fans one packed block out over port channels: every
// rank packs its block into its own scratch slot once (tb 0), a second
// thread block sends those same packets to every peer, one read_put_packets
// per peer (each validates the packets again before its proxy copies
// them), and a third unpacks what arrived. Without fusion each peer's send
// is its own op: every proxy copy must still count as ordered after the
// packing, through the validation of its own op.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ag_pkt_port_fanout(int num_gpus = 3, int chunks = 1,
                                          bool fuse = false,
                                          int instances = 1) {
  const int n = num_gpus, cf = chunks;
  AllGather collective(n, cf, /*inplace=*/false);
  CollectiveProgram program("ag_pkt_port_fanout", collective, n,
                            {.instances = instances,
                             .protocol = Protocol::LL,
                             .instr_fusion = fuse,
                             .use_double_scratch_buffer = true});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.emplace_back(r, n * cf);
  auto slot = [&](int r, int b) {
    return scratch[r].slice(b * cf, (b + 1) * cf);
  };
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    Chunk own = rank.get_input_buffer().slice(0, cf);
    BaseBuffer out = rank.get_output_buffer();
    rank.copy_packets(slot(r, r), own, {.tb = 0});
    rank.copy(out.slice(r * cf, (r + 1) * cf), own, {.tb = 0});
    for (int s = 1; s < n; ++s) {
      const int peer = (r + s) % n;
      PortChannel(peer, r).read_put_packets(slot(peer, r), slot(r, r),
                                            {.tb = 1});
    }
    for (int s = 1; s < n; ++s) {
      const int src = (r - s + n) % n;
      rank.unpack_packets(out.slice(src * cf, (src + 1) * cf), slot(r, src),
                          {.tb = 2});
    }
  }
}
