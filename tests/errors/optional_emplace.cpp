// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::optional::emplace constructs its value as emplace_back does; an
// aggregate built from parenthesised members (C++20) is not emulated, and
// the error gives the assignment that does the same.
#include <mscclpp/dsl.hpp>
#include <optional>
using namespace mscclpp::dsl;

struct Span {
  int first;
  int count;
};

MSCCLPP_ALGORITHM void optional_emplace(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  std::optional<Span> span;
  // expected-error@+1 {{std::optional::emplace with these arguments is not supported in algorithm code (a constructor of the program's own class, a pair or tuple's members, one value or none are); assign the value instead: opt = T{...}}}
  span.emplace(0, n);
}
