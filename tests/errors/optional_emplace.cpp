// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::optional::emplace is not emulated: the error gives the assignment
// that does the same.
#include <mscclpp/dsl.hpp>
#include <optional>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void optional_emplace(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::optional<MemoryChannel> ch;
  // expected-error@+1 {{std::optional::emplace is not supported in algorithm code; assign the value instead: opt = T(...)}}
  ch.emplace(1, 0);
}
