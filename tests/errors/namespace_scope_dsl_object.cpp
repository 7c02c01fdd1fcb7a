// RUN: rm -f %t.json
// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: not test -e %t.json
// RUN: not mscclc -P which=1 %s -o %t.json 2>&1 | FileCheck %s --check-prefix=CHANNEL
// RUN: not test -e %t.json
// RUN: mscclc -P which=2 %s -o %t.json
// A DSL object at namespace scope: C++ constructs it before main, when no
// program exists, and the reference DSL raises "No Program in context".
// mscclc built it when the algorithm first read it, inside the program,
// so the plan depended on that order (a global scratch Buffer landed after
// a later local one). Now an error at the global. A collective and
// options at namespace scope need no program and stay fine (which=2), and
// so does a static local in the algorithm, made when it is reached.
// CHECK: error: 'g_scratch' is initialised at namespace scope, which C++ does before the algorithm runs, when no program exists
// CHANNEL: error: 'g_channel' is initialised at namespace scope
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

const Buffer g_scratch(0, 4); // expected-error {{'g_scratch' is initialised at namespace scope, which C++ does before the algorithm runs, when no program exists (the reference DSL raises "No Program in context"): declare it inside the algorithm, after its CollectiveProgram}}
const MemoryChannel g_channel(1, 0);
const AllGather g_collective(2, 1, true);
const OpOptions g_first{.tb = 0};

MSCCLPP_ALGORITHM void namespace_scope_dsl_object(int which = 0) {
  CollectiveProgram program("namespace_scope_dsl_object", g_collective, 2);
  Buffer local(0, 2);
  if (which == 0) {
    Rank(0).copy(g_scratch.slice(0, 1), Rank(0).get_input_buffer().slice(0, 1),
                 g_first);
  } else if (which == 1) {
    g_channel.signal({.tb = g_first.tb});
  } else {
    static const MemoryChannel to1(1, 0);
    Rank(0).copy(local.slice(0, 1), Rank(0).get_input_buffer().slice(0, 1),
                 g_first);
    to1.signal({.tb = 0});
    MemoryChannel(0, 1).wait({.tb = 0});
  }
}
