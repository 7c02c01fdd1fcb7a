// RUN: mscclc --verify %s
// RUN: not mscclc %s -o %t.json 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: not test -e %t.json
// An error deep in calls made by a default member initialiser, which is
// itself reached through a chain of calls: each chain shows its innermost
// calls, a count of those between and its outermost call, in order, the
// initialiser's note between the two chains (it used to come before the
// inner chain's outermost call, with one count over both chains, and the
// outer chain then showed none of its innermost calls).
// CHECK:      error: rank 6 is out of range: the program has 6 ranks (0..5)
// CHECK:      note: in call to 'pick(6, 6)'
// CHECK:      note: in call to 'pick(5, 6)'
// CHECK:      note: in call to 'pick(4, 6)'
// CHECK:      note: 3 more call(s) in between, not shown
// CHECK:      member_default_call_chain_notes.cpp:37:15: note: in call to 'pick(0, 6)'
// CHECK:      member_default_call_chain_notes.cpp:42:18: note: in the default initialiser of member 'owner' of 'Piece'
// CHECK:      note: in call to 'make(0)'
// CHECK:      note: in call to 'make(1)'
// CHECK:      note: in call to 'make(2)'
// CHECK:      note: 1 more call(s) in between, not shown
// CHECK:      member_default_call_chain_notes.cpp:49:3: note: in call to 'make(4)'
// CHECK-NOT:  note:
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

static int pick(int v, int n) {
  if (v == n) {
    Rank(v).copy(Rank(v).get_output_buffer().slice(0, 1), // expected-error {{rank 6 is out of range}}
                 Rank(v).get_input_buffer().slice(0, 1), {.tb = 0});
    return v;
  }
  return pick(v + 1, n); // expected-note 3 {{in call to 'pick(}} expected-note {{3 more call(s) in between, not shown}}
}

struct Piece {
  int owner = pick(0, 6); // expected-note {{in call to 'pick(0, 6)'}}
};

static Piece make(int depth) {
  if (depth == 0)
    return Piece{}; // expected-note {{in the default initialiser of member 'owner' of 'Piece'}}
  return make(depth - 1); // expected-note 3 {{in call to 'make(}} expected-note {{1 more call(s) in between, not shown}}
}

MSCCLPP_ALGORITHM void member_default_call_chain_notes(int n = 6) {
  AllReduce collective(n, 1, false);
  CollectiveProgram program("member_default_call_chain_notes", collective, n);
  make(4); // expected-note {{in call to 'make(4)'}}
}
