// rs_tbg_barriers: an out-of-place ReduceScatter where a thread-block group
// reduces each rank's chunks from every peer into its output, fenced by
// barriers over the group and relaxed signal/wait rounds; replicated over
// several instances. Twin of rs_tbg_barriers.py.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
MSCCLPP_ALGORITHM void rs_tbg_barriers(int R = 4, int inst = 3, int cf = 3, int ntb = 2) {
  ReduceScatter coll(R, cf, false);
  CollectiveProgram program("rs_tbg_barriers", coll, R, {.instances = inst, .protocol = Protocol::Simple});
  std::vector<int> tbs;
  for (int t = 0; t < ntb; ++t) tbs.push_back(t);
  ThreadBlockGroup tbg(tbs);
  std::map<std::pair<int,int>, MemoryChannel> ch;
  for (int r = 0; r < R; ++r)
    for (int p = 0; p < R; ++p)
      if (p != r) ch.emplace(std::make_pair(r, p), MemoryChannel(p, r));
  for (int r = 0; r < R; ++r) {
    for (int p = 0; p < R; ++p) if (p != r) ch.at(std::make_pair(r, p)).signal({.tb = 0, .relaxed = true});
    for (int p = 0; p < R; ++p) if (p != r) ch.at(std::make_pair(r, p)).wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    Rank(r).barrier(tbg.tb_list());
    BaseBuffer inp = Rank(r).get_input_buffer(); BaseBuffer out = Rank(r).get_output_buffer();
    for (int p = 0; p < R; ++p)
      if (p != r)
        ch.at(std::make_pair(r, p)).reduce(inp.slice(r*cf, (r+1)*cf), {Rank(p).get_input_buffer().slice(r*cf, (r+1)*cf)}, {.tb_group = tbg, .local_dst_chunk = out.slice(0, cf)});
    Rank(r).barrier(tbg.tb_list());
    for (int p = 0; p < R; ++p) if (p != r) ch.at(std::make_pair(r, p)).signal({.tb = 0, .data_sync = SyncType::before});
    for (int p = 0; p < R; ++p) if (p != r) ch.at(std::make_pair(r, p)).wait({.tb = 0});
  }
}
