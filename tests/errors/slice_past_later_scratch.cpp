// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s 2>&1 | FileCheck %s
// CHECK: slice_past_later_scratch.cpp:[[@LINE+14]]:{{[0-9]+}}: error: slice [7:9] is out of range
// CHECK-NOT: note:
// A slice one chunk past the end of a scratch buffer that is not the
// rank's first: the message gives the slice as written and where the
// buffer lies, not the absolute chunks [10:12] against its length.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void slice_past_later_scratch() {
  AllGather collective(2, 1, false);
  CollectiveProgram program("p", collective, 2, {.protocol = Protocol::LL});
  Buffer pad(0, 3);
  Buffer staged(0, 8);
  // expected-error@+1 {{slice [7:9] is out of range: this buffer is rank 0's scratch[3:11] (length 8), and slice indices count from its start}}
  Rank(0).copy_packets(staged.slice(7, 9), Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
