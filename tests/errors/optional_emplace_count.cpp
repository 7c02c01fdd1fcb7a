// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::optional::emplace constructs its value as emplace_back does; a
// std::vector sized by a count is not made that way, and the error gives
// the assignment that does the same (an aggregate's members are made:
// tests/dialect/moves_into_maps.test).
#include <mscclpp/dsl.hpp>
#include <optional>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void optional_emplace_count(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::optional<std::vector<int>> sizes;
  // expected-error@+1 {{std::optional::emplace with these arguments is not supported in algorithm code (a constructor of the program's own class, an aggregate's members in order, a pair's or tuple's members, one value or none are); assign the value instead: opt = T{...}}}
  sizes.emplace(n, 0);
}
