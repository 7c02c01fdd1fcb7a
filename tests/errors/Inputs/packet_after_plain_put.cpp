// Rank 0 puts chunk 0 into rank 1's output with a plain put, then sends
// chunk 1 as LL packets, and rank 1 takes the packets' arrival as proof
// that the put landed too. The packet's flag orders only its own payload
// (executor-semantics §3.8, §6.3 rule 6): nothing orders the put with
// rank 1's host check of its output.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void packet_after_plain_put(bool handshake = false) {
  const int n = 2;
  SendRecv collective(n, 2, false);
  CollectiveProgram program("packet_after_plain_put", collective, n,
                            {.protocol = Protocol::LL});
  std::vector<Buffer> scratch;
  for (int r = 0; r < n; ++r)
    scratch.push_back(Buffer(r, 2));
  MemoryChannel to1(1, 0), to0(0, 1);
  to0.put_packets(scratch[0].slice(0, 1), Rank(1).get_input_buffer().slice(0, 1),
                  {.tb = 0});
  Rank(0).unpack_packets(Rank(0).get_output_buffer().slice(0, 1),
                         scratch[0].slice(0, 1), {.tb = 0});
  to1.put(Rank(1).get_output_buffer().slice(0, 1),
          Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
  if (handshake) {
    // What publishes the put: a signal after it, waited for by rank 1.
    to1.signal({.tb = 0, .data_sync = SyncType::before});
    to0.wait({.tb = 0, .data_sync = SyncType::after});
  } else {
    Rank(0).barrier({0});
  }
  to1.put_packets(scratch[1].slice(0, 1), Rank(0).get_input_buffer().slice(1, 2),
                  {.tb = 0});
  Rank(1).unpack_packets(Rank(1).get_output_buffer().slice(1, 2),
                         scratch[1].slice(0, 1), {.tb = 0});
  to0.put_packets(scratch[0].slice(1, 2), Rank(1).get_input_buffer().slice(1, 2),
                  {.tb = 0});
  Rank(0).unpack_packets(Rank(0).get_output_buffer().slice(1, 2),
                         scratch[0].slice(1, 2), {.tb = 0});
}
