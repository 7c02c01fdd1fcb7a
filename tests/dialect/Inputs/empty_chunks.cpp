// Copies and reductions of chunks of size 0 next to real ones, on five
// thread blocks: where automatic sync insertion puts nops for them
// (empty_chunks.test; the same program as empty_chunks.py).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void empty_chunks() {
  AllReduce collective(1, 8, /*inplace=*/false);
  CollectiveProgram program("empty_chunks", collective, 1);
  Rank r(0);
  BaseBuffer i = r.get_input_buffer();
  BaseBuffer o = r.get_output_buffer();
  Buffer s(0, 8);
  // An empty write inside an earlier op's write.
  r.copy(o.slice(3, 7), i.slice(0, 4), {.tb = 0});
  r.copy(o.slice(5, 5), i.slice(5, 5), {.tb = 0});
  // One at the start of an earlier op's write.
  r.copy(o.slice(3, 7), i.slice(0, 4), {.tb = 1});
  r.copy(o.slice(3, 3), i.slice(5, 5), {.tb = 1});
  // An empty write, then a read across its place.
  r.copy(o.slice(2, 2), i.slice(2, 2), {.tb = 2});
  r.copy(i.slice(4, 8), o.slice(0, 4), {.tb = 2});
  // An empty chunk read, then written, by one op.
  r.reduce(s.slice(7, 7), {o.slice(2, 2)}, {.tb = 3});
  r.copy(i.slice(0, 3), s.slice(5, 8), {.tb = 3});
  // The same empty write twice after a real one.
  r.copy(o.slice(0, 4), i.slice(0, 4), {.tb = 4});
  r.copy(o.slice(2, 2), i.slice(6, 6), {.tb = 4});
  r.copy(o.slice(2, 2), i.slice(7, 7), {.tb = 4});
}
