// With auto_sync off, one copy writes scratch chunk 1 and the next reads
// chunks 0-1 on the same thread block with no nop between them. A byte of
// chunk 1 is unit x/16 of the first copy and unit (x + chunk)/16 of the
// second: the same thread only when the chunk is a multiple of 16 bytes x
// the block's threads, which depends on the message size, unless
// buffer_alignment makes every chunk such a multiple.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void shifted_read_no_nop(int chunks = 2, bool nop = false,
                                           int alignment = 16) {
  AllGather collective(1, chunks, false);
  CollectiveProgram program("shifted_read_no_nop", collective, 1,
                            {.auto_sync = false, .buffer_alignment = alignment});
  Buffer scratch(0, chunks);
  Rank r(0);
  r.copy(scratch.slice(1, 2), r.get_input_buffer().slice(1, 2), {.tb = 0});
  r.copy(scratch.slice(0, 1), r.get_input_buffer().slice(0, 1), {.tb = 0});
  if (nop)
    r.barrier({0});
  r.copy(r.get_output_buffer().slice(0, 2), scratch.slice(0, 2), {.tb = 0});
}
