// Two thread blocks of rank 0 store different data as packets into the
// same slots of rank 1's scratch in one run: both carry the run's flag, so
// rank 1's unpack may get either and the other is lost. `mscclc sim` must
// report the two stores as a race on the packet slots (executor-semantics
// §6.3 rule 6). The signal back from rank 1 keeps rank 0's next run from
// overwriting packets not yet read, so that is the only defect.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void packet_slot_two_writers() {
  TestCollective collective(2, 2, 1);
  CollectiveProgram program("packet_slot_two_writers", collective, 2,
                            {.protocol = Protocol::LL});
  Buffer scratch(1, 1);
  MemoryChannel first(1, 0), second(1, 0), back(0, 1);
  BaseBuffer in = Rank(0).get_input_buffer();
  first.put_packets(scratch.slice(0, 1), in.slice(0, 1), {.tb = 0});
  second.put_packets(scratch.slice(0, 1), in.slice(1, 2), {.tb = 1});
  Rank(1).unpack_packets(Rank(1).get_output_buffer().slice(0, 1),
                         scratch.slice(0, 1), {.tb = 0});
  back.signal({.tb = 0});
  first.wait({.tb = 0});
}
