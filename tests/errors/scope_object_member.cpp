// RUN: mscclc --verify %s --algo program_member
// RUN: %expect-error mscclc %s --algo program_member
// RUN: not mscclc %s --algo pipeline_member -o %t.json 2>&1 | FileCheck %s
// RUN: test ! -e %t.json
// CHECK: error: a LoopIterationContext built here, as a member of a struct, is not accepted
// A CollectiveProgram or a LoopIterationContext built in place as a member
// of a struct: it is no temporary (C++ elides the copy), so the error
// says what mscclc accepts instead (a variable of its own, or what a
// function returns).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Holder {
  CollectiveProgram program;
  int ranks;
  Holder(const AllGather &collective, int n)
      : program("program_member", collective, n, {}), // expected-error {{a CollectiveProgram built here, as a member of a struct, is not accepted: it marks a scope (the Python DSL's `with` block), which mscclc follows for a CollectiveProgram made where a variable of its own is declared (`CollectiveProgram program(...);`) or returned from a function; declare it as a variable in the block it covers, or build it in a function that returns it}}
        ranks(n) {}
};

MSCCLPP_ALGORITHM void program_member(int num_ranks = 2) {
  AllGather collective(num_ranks, 1, false);
  Holder holder(collective, num_ranks); // expected-note {{in call to 'Holder(Collective, 2)'}}
}

struct Pipe {
  LoopIterationContext loop;
  int unit;
};

MSCCLPP_ALGORITHM void pipeline_member(int num_ranks = 2) {
  AllGather collective(num_ranks, 1, false);
  CollectiveProgram program("pipeline_member", collective, num_ranks);
  Pipe pipe{LoopIterationContext(1024, 1), 1024};
}
