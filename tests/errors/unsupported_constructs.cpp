// RUN: not mscclc -P which=0 %s 2>&1 | FileCheck %s --check-prefix=ELVIS
// RUN: not mscclc -P which=1 %s 2>&1 | FileCheck %s --check-prefix=STMTEXPR
// RUN: not mscclc -P which=2 %s 2>&1 | FileCheck %s --check-prefix=OFFSETOF
// RUN: not mscclc -P which=3 %s 2>&1 | FileCheck %s --check-prefix=TYPEID
// RUN: not mscclc -P which=4 %s 2>&1 | FileCheck %s --check-prefix=LINE
// RUN: not mscclc -P which=5 %s 2>&1 | FileCheck %s --check-prefix=CHOOSE
// RUN: not mscclc -P which=6 %s 2>&1 | FileCheck %s --check-prefix=BITCAST
// Constructs algorithm code cannot run are named as C++ spells them, with
// what to write instead; the errors named Clang's node classes
// ('BinaryConditionalOperator' expressions are not supported).
// ELVIS: unsupported_constructs.cpp:{{[0-9]+}}:{{[0-9]+}}: error: GNU's 'a ?: b' is not supported in algorithm code; write 'a ? a : b' (with a in a variable if it should be computed once)
// STMTEXPR: error: a GNU statement expression '({ ... })' is not supported in algorithm code; run the statements before the expression, or call a lambda in place: [&] { ...; return value; }()
// OFFSETOF: error: offsetof is not supported in algorithm code; algorithm code has no object layout; compute positions in chunks
// TYPEID: error: typeid is not supported in algorithm code; algorithm code has no run-time type information
// LINE: error: std::source_location and __builtin_LINE() is not supported in algorithm code; use the __FILE__ and __LINE__ macros
// CHOOSE: error: __builtin_choose_expr is not supported in algorithm code; use if constexpr or the conditional operator
// BITCAST: error: std::bit_cast is not supported in algorithm code; algorithm code has no object representation
#include <cstddef>
#include <mscclpp/dsl.hpp>
#include <typeinfo>
using namespace mscclpp::dsl;

struct Pair {
  int first, second;
};

MSCCLPP_ALGORITHM void unsupported_constructs(int which = 0) {
  CollectiveProgram program("unsupported_constructs", AllGather(2, 1, true),
                            2);
  int tb = 0;
  if (which == 0)
    tb = tb ?: 1;
  else if (which == 1)
    tb = ({ int t = 1; t; });
  else if (which == 2)
    tb = int(offsetof(Pair, second));
  else if (which == 3) {
    const auto &info = typeid(tb);
    (void)info;
  }
  else if (which == 4)
    tb = __builtin_LINE();
  else if (which == 5)
    tb = __builtin_choose_expr(1, 2, 3);
  else
    tb = __builtin_bit_cast(int, 1.0f);
  MemoryChannel(1, 0).signal({.tb = tb});
  MemoryChannel(0, 1).wait({.tb = 0});
}
