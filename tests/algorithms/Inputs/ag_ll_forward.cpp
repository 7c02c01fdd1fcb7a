// LL ring AllGather that forwards packets: every rank packs its own block
// into its scratch (copy_packets), each rank pushes every block it holds to
// the next rank with read_put_packets (the block it packed, then each block
// as it arrives, validated packet by packet), and unpacks the blocks it
// received into its output. With port=true every hop goes through a port
// channel's proxy: the proxy's copy of the packets is what the next rank's
// read_put_packets validates before its own proxy forwards them.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ag_ll_forward(int num_gpus = 4, int chunks = 1,
                                     bool inplace = true, bool port = false,
                                     int unpack_tb = 1, int instances = 1) {
  const int n = num_gpus, cf = chunks;
  AllGather collective(n, cf, inplace);
  CollectiveProgram program("ag_ll_forward", collective, n,
                            {.instances = instances,
                             .protocol = Protocol::LL,
                             .use_double_scratch_buffer = true});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.emplace_back(r, n * cf);
  std::vector<MemoryChannel> memory;
  std::vector<PortChannel> ports;
  for (int r = 0; r < n; ++r) {
    if (port)
      ports.emplace_back((r + 1) % n, r);
    else
      memory.emplace_back((r + 1) % n, r);
  }
  auto block = [&](int r, int b) {
    return scratch[r].slice(b * cf, (b + 1) * cf);
  };
  for (int r = 0; r < n; ++r) {
    Rank rank(r);
    BaseBuffer out = rank.get_output_buffer();
    const int next = (r + 1) % n;
    Chunk own = inplace ? out.slice(r * cf, (r + 1) * cf)
                        : rank.get_input_buffer().slice(0, cf);
    if (!inplace)
      rank.copy(out.slice(r * cf, (r + 1) * cf), own, {.tb = unpack_tb});
    rank.copy_packets(block(r, r), own, {.tb = 0});
    // Step s forwards the block that started s ranks back.
    for (int s = 0; s < n - 1; ++s) {
      const int b = (r - s + n) % n;
      if (port)
        ports[r].read_put_packets(block(next, b), block(r, b), {.tb = 0});
      else
        memory[r].read_put_packets(block(next, b), block(r, b), {.tb = 0});
    }
    for (int s = 1; s < n; ++s) {
      const int b = (r - s + n) % n;
      rank.unpack_packets(out.slice(b * cf, (b + 1) * cf), block(r, b),
                          {.tb = unpack_tb});
    }
  }
}
