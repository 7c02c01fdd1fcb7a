// All-to-all over port channels in LL packets: rank r converts block p of
// its input to packets in a staging slot of its scratch (copy_packets),
// forwards the packets to rank p's receive slot for r (read_put_packets
// over a port channel, which checks them before the proxy copies), and a
// group of thread blocks unpacks every received slot into its output
// (unpack_packets with tb_group). Staging and receiving are split over
// `tbs` thread blocks (peer p on tb p % tbs); the own block is a copy. A
// barrier and a closing signal/wait round keep a rank from refilling its
// staging slots or overwriting a peer's receive slot before the peer has
// read them.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void a2a_port_pkt(std::string_view name = "a2a_port_pkt",
                                    int num_gpus = 4, int chunks = 1,
                                    int tbs = 2, int unpackers = 2,
                                    bool double_scratch = false,
                                    bool closing = true, int instances = 1) {
  const int n = num_gpus, cf = chunks;
  AllToAll collective(n, cf, /*inplace=*/false);
  CollectiveProgram program(name, collective, n,
                            {.instances = instances,
                             .protocol = Protocol::LL,
                             .use_double_scratch_buffer = double_scratch});
  std::vector<Buffer> stage, recv;
  for (int r = 0; r < n; ++r)
    stage.push_back(Buffer(r, n * cf));
  for (int r = 0; r < n; ++r)
    recv.push_back(Buffer(r, n * cf));
  std::map<std::pair<int, int>, PortChannel> chans;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        chans.emplace(std::make_pair(r, p), PortChannel(p, r));
  std::vector<int> unpacking, everyone;
  for (int i = 0; i < unpackers; ++i)
    unpacking.push_back(tbs + i);
  for (int t = 0; t < tbs + unpackers; ++t)
    everyone.push_back(t);
  ThreadBlockGroup group(unpacking);
  auto block = [cf](const BaseBuffer &b, int i) {
    return b.slice(i * cf, (i + 1) * cf);
  };
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    BaseBuffer in = rank.get_input_buffer(), out = rank.get_output_buffer();
    rank.copy(block(out, r), block(in, r), {.tb = 0});
    for (int p = 0; p < n; ++p) {
      if (p == r)
        continue;
      rank.copy_packets(block(stage[r], p), block(in, p), {.tb = p % tbs});
      chans.at({r, p}).read_put_packets(block(recv[p], r), block(stage[r], p),
                                        {.tb = p % tbs});
    }
    for (int p = 0; p < n; ++p)
      if (p != r)
        rank.unpack_packets(block(out, p), block(recv[r], p),
                            {.tb_group = group});
    if (!closing)
      continue;
    // Every thread block is done with the slots before tb 0 tells the
    // peers.
    rank.barrier(everyone);
    for (int p = 0; p < n; ++p)
      if (p != r)
        chans.at({r, p}).signal({.tb = 0, .data_sync = SyncType::before});
    for (int p = 0; p < n; ++p)
      if (p != r)
        chans.at({r, p}).wait({.tb = 0, .data_sync = SyncType::after});
  }
}
