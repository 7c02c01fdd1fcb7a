// RUN: mscclc --verify -P protocol=ll %s
// RUN: %expect-error mscclc -P protocol=ll %s
// RUN: %expect-error mscclc -P shape=Protocol::LL %s
// RUN: %expect-error mscclc -P shape=7 %s
// An enum parameter takes one of its enumerators by name (case matters) or
// value; the error lists them.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

enum class Shape { line, star };

// expected-error@+1 {{invalid value 'll' for parameter 'protocol' of enum type 'Protocol'; pass one of its enumerators by name: Simple, LL}}
MSCCLPP_ALGORITHM void parameter_bad_enum(Protocol protocol = Protocol::Simple, Shape shape = Shape::line) {
  AllGather collective(2, 1, true);
  CollectiveProgram program("p", collective, 2, {.protocol = protocol});
  (void)shape;
}
