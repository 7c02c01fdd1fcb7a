// RUN: mscclc --verify %s
// RUN: not mscclc %s -o %t.json 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: not test -e %t.json
// An error seven calls deep: the notes show the three innermost calls,
// then how many are not shown, then the outermost one, where the
// algorithm started the chain; with four calls or fewer, all of them.
// CHECK:      error: rank 6 is out of range: the program has 6 ranks (0..5)
// CHECK:      note: in call to 'visit(6, 6)'
// CHECK:      note: in call to 'visit(5, 6)'
// CHECK:      note: in call to 'visit(4, 6)'
// CHECK:      note: 3 more call(s) in between, not shown
// CHECK:      call_chain_notes.cpp:30:3: note: in call to 'visit(0, 6)'
// CHECK-NOT:  note:
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

static void visit(int v, int n) {
  if (v == n) {
    Rank(v).copy(Rank(v).get_output_buffer().slice(0, 1), // expected-error {{rank 6 is out of range}}
                 Rank(v).get_input_buffer().slice(0, 1), {.tb = 0});
    return;
  }
  visit(v + 1, n); // expected-note 3 {{in call to 'visit(}} expected-note {{3 more call(s) in between, not shown}}
}

MSCCLPP_ALGORITHM void call_chain_notes(int n = 6) {
  AllReduce collective(n, 1, false);
  CollectiveProgram program("call_chain_notes", collective, n);
  visit(0, n); // expected-note {{in call to 'visit(0, 6)'}}
}
