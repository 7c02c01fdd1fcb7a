// A file with no expected-* directive (the one below is misspelt): --verify
// reports that rather than passing.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void verify_no_directives() {
  AllGather collective(1, 1, true);
  CollectiveProgram program("verify_no_directives", collective, 1); // expect-error {{nothing}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
