// The C++ port of enum_params.py: the protocol, the replication policy and
// a pattern of the program's own are enum parameters, set by enumerator
// name (-P protocol=LL -P replication_policy=none -P pattern=pairs).
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

enum class Pattern { ring, pairs };

MSCCLPP_ALGORITHM void enum_params(std::string_view name = "enum_params", int num_gpus = 3,
                                   int instances = 2, Protocol protocol = Protocol::Simple,
                                   ReplicationPolicy replication_policy = ReplicationPolicy::interleaved,
                                   Pattern pattern = Pattern::ring) {
  AllGather collective(num_gpus, 1, true);
  CollectiveProgram program(name, collective, num_gpus,
                            {.instances = instances, .protocol = protocol,
                             .replication_policy = replication_policy});
  bool packet = protocol == Protocol::LL;
  std::vector<Buffer> scratch;
  for (int r = 0; r < num_gpus; ++r)
    scratch.push_back(Buffer(r, num_gpus));
  auto others = [&](int gpu, int ring) {
    std::vector<int> list;
    if (pattern == Pattern::ring)
      list.push_back(((gpu + ring) % num_gpus + num_gpus) % num_gpus);
    else
      for (int p = 0; p < num_gpus; ++p)
        if (p != gpu)
          list.push_back(p);
    return list;
  };
  for (int gpu = 0; gpu < num_gpus; ++gpu) {
    BaseBuffer src = Rank(gpu).get_input_buffer();
    for (int peer : others(gpu, 1)) {
      MemoryChannel ch(peer, gpu);
      BaseBuffer dst = Rank(peer).get_output_buffer();
      if (packet) {
        ch.put_packets(scratch[peer].slice(gpu, gpu + 1), src.slice(0, 1), {.tb = 0});
      } else {
        ch.put(dst.slice(gpu, gpu + 1), src.slice(0, 1), {.tb = 0});
        ch.signal({.tb = 0, .data_sync = SyncType::before});
      }
    }
  }
  for (int gpu = 0; gpu < num_gpus; ++gpu)
    for (int sender : others(gpu, -1)) {
      if (packet) {
        BaseBuffer out = Rank(gpu).get_output_buffer();
        Rank(gpu).unpack_packets(out.slice(sender, sender + 1),
                                 scratch[gpu].slice(sender, sender + 1), {.tb = 0});
      } else {
        MemoryChannel(sender, gpu).wait({.tb = 0, .data_sync = SyncType::after});
      }
    }
}
