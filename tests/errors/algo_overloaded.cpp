// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc --algo ag %s -o %t.json 2>&1 | FileCheck %s
// RUN: test ! -e %t.json
// Overloads share a name, so --algo cannot choose between them.
// CHECK: :[[@LINE+13]]:24: error: algorithm 'ag' is defined twice (also at line 10)
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void ag(int n = 1) {
  TestCollective collective(n, 1, 1);
  CollectiveProgram program("ag", collective, n);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}

// expected-error@+1 {{algorithm 'ag' is defined twice (also at line 10): --algo cannot tell overloads apart; give each algorithm its own name}}
MSCCLPP_ALGORITHM void ag(int n, int k) {
  TestCollective collective(n, k, k);
  CollectiveProgram program("ag2", collective, n);
}
