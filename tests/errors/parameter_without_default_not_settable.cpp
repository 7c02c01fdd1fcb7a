// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A parameter without a default, of a type -P cannot set: the fix is a
// default value, not "-P peers=VALUE" (which -P would then refuse).
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

// expected-error@+2 {{parameter 'peers' of type 'std::vector<int>' has no default value, and -P cannot set a parameter of this type; give it a default value in the algorithm's signature}}
MSCCLPP_ALGORITHM void parameter_without_default_not_settable(
    std::vector<int> peers) {
  AllGather collective(2, 1, true);
  CollectiveProgram program("p", collective, 2);
  (void)peers;
}
