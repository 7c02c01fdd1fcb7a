// RUN: mscclc --verify -P peers=3 %s
// RUN: %expect-error mscclc -P peers=3 %s
// A container parameter cannot be given on the command line.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

// expected-error@+1 {{parameter 'peers' of type 'std::vector<int>' cannot be set with -P}}
MSCCLPP_ALGORITHM void parameter_type_not_settable(std::vector<int> peers = {1}) {
  AllGather collective(2, 1, true);
  CollectiveProgram program("p", collective, 2);
  (void)peers;
}
