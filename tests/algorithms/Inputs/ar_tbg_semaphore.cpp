// One-shot LL all-reduce with thread-block groups and a semaphore hand-off.
// Rank r owns block r (chunks chunks). A group of tbg thread blocks sends
// every peer its block as packets (put_packets into the peer's scratch slot
// for r) and reduces the packets it receives into its own block in place
// (packet reduce, reduce_op sum/min/max). Each member releases a semaphore;
// one more thread block acquires it once per member, then puts the reduced
// block straight into every peer's input over a second set of memory
// channels and closes with a signal/wait round, so no peer starts the next
// launch before every result has landed.
#include <cassert>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void
ar_tbg_semaphore(std::string_view name = "ar_tbg_semaphore", int num_gpus = 4,
                 int chunks = 2, int tbg = 2,
                 std::string_view reduce_op = "sum",
                 bool double_scratch = false, int instances = 1) {
  const int n = num_gpus, cf = chunks;
  ReduceOperationType op = ReduceOperationType::sum;
  if (reduce_op == "min")
    op = ReduceOperationType::min;
  else if (reduce_op == "max")
    op = ReduceOperationType::max;
  else
    assert(reduce_op == "sum" && "reduce_op is sum, min or max");
  AllReduce collective(n, cf, /*inplace=*/true);
  CollectiveProgram program(name, collective, n,
                            {.instances = instances,
                             .protocol = Protocol::LL,
                             .use_double_scratch_buffer = double_scratch});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, n * cf));
  // Packets go over one set of channels, the broadcast over another.
  std::map<std::pair<int, int>, MemoryChannel> pkt, bcast;
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        pkt.emplace(std::make_pair(r, p), MemoryChannel(p, r));
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r)
        bcast.emplace(std::make_pair(r, p), MemoryChannel(p, r));
  std::vector<int> members;
  for (int tb = 0; tb < tbg; ++tb)
    members.push_back(tb);
  ThreadBlockGroup group(members);
  const int last = tbg;
  auto block = [cf](int b) { return std::make_pair(b * cf, (b + 1) * cf); };
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    BaseBuffer input = rank.get_input_buffer();
    Chunk own = input.slice(block(r).first, block(r).second);
    for (int p = 0; p < n; ++p)
      if (p != r)
        pkt.at({r, p}).put_packets(
            scratch[p].slice(block(r).first, block(r).second),
            input.slice(block(p).first, block(p).second), {.tb_group = group});
    std::vector<Chunk> received;
    for (int q = 0; q < n; ++q)
      if (q != r)
        received.push_back(scratch[r].slice(block(q).first, block(q).second));
    rank.reduce(own, received,
                {.tb_group = group, .reduce_op = op, .packet = true});
    Semaphore done(r, 0);
    for (int tb : group.tb_list())
      done.release({.tb = tb, .data_sync = SyncType::before});
    for (int i = 0; i < group.numtb(); ++i)
      done.acquire({.tb = last, .data_sync = SyncType::after});
    for (int p = 0; p < n; ++p)
      if (p != r)
        bcast.at({r, p}).put(
            Rank(p).get_input_buffer().slice(block(r).first, block(r).second),
            own, {.tb = last});
    for (int p = 0; p < n; ++p)
      if (p != r)
        bcast.at({r, p}).signal({.tb = last, .data_sync = SyncType::before});
    for (int p = 0; p < n; ++p)
      if (p != r)
        bcast.at({r, p}).wait({.tb = last, .data_sync = SyncType::none});
  }
}
