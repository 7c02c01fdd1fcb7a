// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An optional holding an empty optional is engaged in C++; mscclc cannot
// tell it from an empty one, so it refuses the type where a value of it is
// made.
#include <mscclpp/dsl.hpp>
#include <optional>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void optional_nested(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  // expected-error@+1 {{a std::optional of a std::optional is not supported in algorithm code (an engaged one holding an empty one could not be told from an empty one); use one std::optional and a separate bool}}
  std::optional<std::optional<int>> peer;
}
