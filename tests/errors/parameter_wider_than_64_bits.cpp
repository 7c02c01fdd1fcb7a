// RUN: mscclc --verify -P wide=5 %s
// RUN: %expect-error mscclc -P wide=5 %s
// -P parses into at most 64 bits: a __int128 parameter cannot be set (it
// used to be parsed with shifts by 128 bits).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+1 {{parameter 'wide' of type '__int128' cannot be set with -P}}
MSCCLPP_ALGORITHM void wide_parameter(__int128 wide = 1) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("wide", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
