// LL AllGather over port channels: each rank packs its chunk into its own
// scratch (copy_packets), ships those packets raw to every peer's scratch
// through the peer's port channel (put_packets), and unpacks what the
// peers shipped. The pack and the ship are on the same thread block, so
// thread 0's push of the ship must wait for every thread's packets
// (Q-PROXYPKT): mscclc puts a nop between them, the reference does not.
#include <mscclpp/dsl.hpp>
#include <map>
#include <string_view>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ag_ll_port_packets(std::string_view name =
                                              "ag_ll_port_packets",
                                          int num_gpus = 3,
                                          bool auto_sync = true) {
  const int n = num_gpus;
  AllGather collective(n, 1, /*inplace=*/true);
  CollectiveProgram program(name, collective, n,
                            {.protocol = Protocol::LL,
                             .auto_sync = auto_sync,
                             .use_double_scratch_buffer = true});
  // Scratch slot 0 holds a rank's own packets; slot 1 + p those of rank p.
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.emplace_back(r, n + 1);
  std::map<std::pair<int, int>, PortChannel> channel;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        channel.emplace(std::pair{r, p}, PortChannel(p, r));
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    Chunk own = rank.get_output_buffer().slice(r, r + 1);
    rank.copy_packets(scratch[r].slice(0, 1), own, {.tb = 0});
    for (int p = 0; p < n; ++p)
      if (p != r)
        channel.at({r, p}).put_packets(scratch[p].slice(1 + r, 2 + r),
                                       scratch[r].slice(0, 1), {.tb = 0});
    for (int p = 0; p < n; ++p)
      if (p != r)
        rank.unpack_packets(rank.get_output_buffer().slice(p, p + 1),
                            scratch[r].slice(1 + p, 2 + p), {.tb = 1});
  }
}
