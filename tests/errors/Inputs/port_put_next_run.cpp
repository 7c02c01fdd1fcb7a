// Each rank puts both chunks into its peer's scratch over a port channel,
// waits for the peer's signal and copies its own scratch to its output.
// Nothing tells a rank that its peer has read the scratch before the next
// run's puts overwrite it: a race between runs.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void port_put_next_run() {
  const int n = 2;
  CollectiveProgram program("port_put_next_run", SendRecv(n, 2, false), n);
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, 2));
  for (int r = 0; r < n; ++r) {
    PortChannel channel(1 - r, r);
    Rank rank(r);
    BaseBuffer input = rank.get_input_buffer();
    channel.put(scratch[1 - r].slice(0, 1), input.slice(0, 1), {.tb = 0});
    channel.put_with_signal_and_flush(scratch[1 - r].slice(1, 2),
                                      input.slice(1, 2), {.tb = 0});
    channel.wait({.tb = 0, .data_sync = SyncType::after});
    rank.copy(rank.get_output_buffer().slice(0, 2), scratch[r].slice(0, 2),
              {.tb = 0});
  }
}
