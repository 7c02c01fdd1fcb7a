// expected-no-diagnostics
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void verify_no_diagnostics() {
  AllGather collective(1, 1, true);
  CollectiveProgram program("verify_no_diagnostics", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
