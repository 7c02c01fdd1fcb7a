#include <mscclpp/dsl.hpp>
// expected-no-diagnostics
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void verify_no_diagnostics_mixed() {
  AllGather collective(1, 1, true);
  CollectiveProgram program("verify_no_diagnostics_mixed", collective, 1);
  int unused = undeclared; // expected-error {{use of undeclared identifier 'undeclared'}}
}
