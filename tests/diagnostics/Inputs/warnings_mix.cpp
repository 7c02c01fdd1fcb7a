// A clang warning (an implicit float-to-int conversion) and an mscclc one
// (a flush, which the 0.9 executor ignores); -DBROKEN adds an error.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void warnings_mix() {
  int tb = 0.5;
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("warnings_mix", collective, 2);
  PortChannel ch(1, 0), back(0, 1);
  ch.put(Rank(1).get_output_buffer().slice(0, 1),
         Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
  ch.flush({.tb = tb});
#ifdef BROKEN
  broken();
#endif
}
