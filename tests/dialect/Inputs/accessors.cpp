// Every buffer accessor, checked against what Python's attributes hold: a
// wrong value sends a copy past the end of the input (an error).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void accessors() {
  AllGather c(2, 2, false);
  CollectiveProgram p("accessors", c, 2);
  Rank r(1);
  BaseBuffer in = r.get_input_buffer(), out = r.get_output_buffer();
  Buffer s1(1, 3), s2(1, 4);
  bool ok = in.rank() == 1 && in.buffer_type() == BufferType::input && in.offset() == 0 &&
            in.size() == 2 && out.buffer_type() == BufferType::output && out.size() == 4 &&
            s1.buffer_type() == BufferType::scratch && s1.offset() == 0 && s1.size() == 3 &&
            s2.rank() == 1 && s2.offset() == 3 && s2.size() == 7;
  r.copy(out.slice(0, 1), in.slice(ok ? 0 : 9, ok ? 1 : 10), {.tb = 0});
}
