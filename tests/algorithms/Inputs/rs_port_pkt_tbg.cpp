// ReduceScatter in place on the LL protocol over port channels, with
// thread-block groups and double scratch. Rank r copies each peer p's chunk
// of its input into packets in its scratch slot p (a group of g thread
// blocks shares the copy), then the port proxy reads those packets and puts
// them into p's scratch slot n + r; rank r finally reduces the packets its
// peers sent into its own chunk. Double scratch keeps one launch's packets
// from landing in slots the previous launch is still reading.
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void rs_port_pkt_tbg(int num_gpus = 3, int instances = 1,
                                       int group = 2) {
  const int n = num_gpus;
  ReduceScatter collective(n, 1, /*inplace=*/true);
  CollectiveProgram program("rs_port_pkt_tbg", collective, n,
                            {.instances = instances,
                             .protocol = Protocol::LL,
                             .use_double_scratch_buffer = true});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.emplace_back(r, 2 * n);
  for (int r = 0; r < n; ++r) {
    BaseBuffer input = Rank(r).get_input_buffer();
    std::vector<int> members;
    for (int k = 0; k < group; ++k)
      members.push_back(k);
    ThreadBlockGroup tbg(members);
    for (int p = 0; p < n; ++p) {
      if (p == r)
        continue;
      Rank(r).copy_packets(scratch[r].slice(p, p + 1), input.slice(p, p + 1),
                           {.tb_group = tbg});
      PortChannel(p, r).read_put_packets(scratch[p].slice(n + r, n + r + 1),
                                         scratch[r].slice(p, p + 1),
                                         {.tb_group = tbg});
    }
    std::vector<Chunk> received;
    for (int q = 0; q < n; ++q)
      if (q != r)
        received.push_back(scratch[r].slice(n + q, n + q + 1));
    Rank(r).reduce(input.slice(r, r + 1), received,
                   {.tb = group, .packet = true});
  }
}
