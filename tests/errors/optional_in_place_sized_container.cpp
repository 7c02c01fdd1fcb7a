// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::optional<T>(std::in_place, n) for a container would size it (C++
// makes a vector of n elements); mscclc does not emulate that constructor
// and says so, instead of holding an empty vector.
#include <mscclpp/dsl.hpp>
#include <optional>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void optional_in_place_sized_container(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  // expected-error@+1 {{std::optional<T>(std::in_place, ...) with these arguments is not supported in algorithm code (a constructor of the program's own class, an aggregate's members in order, a pair's or tuple's members, one value or none are); construct the value instead: std::optional<T>(T(...))}}
  std::optional<std::vector<int>> sizes(std::in_place, n);
}
