// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// operator-> of an empty std::optional is an error at the use, as * is.
#include <mscclpp/dsl.hpp>
#include <optional>
using namespace mscclpp::dsl;

struct Route {
  int peer;
};

MSCCLPP_ALGORITHM void optional_arrow_empty(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::optional<Route> route;
  // expected-error@+1 {{the optional is empty}}
  int peer = route->peer;
  (void)peer;
}
