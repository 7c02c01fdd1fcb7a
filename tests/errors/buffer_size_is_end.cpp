// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// size() has Python's meaning, where the buffer ends (offset() + length):
// taken for the length of a scratch buffer that is not the rank's first,
// it runs past the end, and a note says how to get the length.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void buffer_size_is_end() {
  AllGather collective(2, 1, true);
  CollectiveProgram program("p", collective, 2);
  Buffer first(0, 2);
  Buffer second(0, 3);
  BaseBuffer in = Rank(0).get_input_buffer();
  // expected-error@+2 {{slice [4:5] is out of range: this buffer is rank 0's scratch[2:5] (length 3), and slice indices count from its start}}
  // expected-note@+1 {{5 is this buffer's size(), which (as Python's `size`) is where it ends, offset() + length; slice indices count from the buffer's start, so its length is size() - offset() = 3 (offset() is 2)}}
  Rank(0).copy(second.slice(second.size() - 1, second.size()), in.slice(0, 1), {.tb = 0});
}
