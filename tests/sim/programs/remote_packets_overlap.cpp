// Two put_packets of one thread block store rank 1's scratch packets [0:2]
// and then [1:3] in one run: the shared slot gets two stores carrying the
// same flag, so rank 1's unpack may take either and the other is lost. No
// nop can order that for the reader; mscclc no longer fuses the two into
// one op either. The simulator must fail the plan (the unpack may read
// either store). The signal back from rank 1 keeps the next run's stores
// from overwriting packets not yet read, so that is the only defect.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void remote_packets_overlap() {
  TestCollective collective(2, 4, 4);
  CollectiveProgram program("remote_packets_overlap", collective, 2,
                            {.protocol = Protocol::LL});
  Buffer scratch(1, 4);
  MemoryChannel to1(1, 0), back(0, 1);
  BaseBuffer in0 = Rank(0).get_input_buffer();
  to1.put_packets(scratch.slice(0, 2), in0.slice(0, 2), {.tb = 0});
  to1.put_packets(scratch.slice(1, 3), in0.slice(2, 4), {.tb = 0});
  Rank(1).unpack_packets(Rank(1).get_output_buffer().slice(0, 3),
                         scratch.slice(0, 3), {.tb = 0});
  back.signal({.tb = 0});
  to1.wait({.tb = 0});
}
