// A helper called twice; the second call indexes past the buffer end.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

void send(int from, int to, int index) {
  MemoryChannel ch(to, from);
  BaseBuffer src = Rank(from).get_input_buffer();
  BaseBuffer dst = Rank(to).get_input_buffer();
  ch.put(dst.slice(index, index + 1), src.slice(index, index + 1), {.tb = 0});
}

MSCCLPP_ALGORITHM void error_in_helper_function() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("error_in_helper_function", collective, 2);
  send(0, 1, 1);
  send(1, 0, 2);
}
