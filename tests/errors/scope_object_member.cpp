// RUN: mscclc --verify %s --algo program_member
// RUN: %expect-error mscclc %s --algo program_member
// RUN: not mscclc %s --algo pipeline_member -o %t.json 2>&1 | FileCheck %s
// RUN: test ! -e %t.json
// CHECK: error: a LoopIterationContext cannot be a member of a struct in algorithm code
// A CollectiveProgram or a LoopIterationContext built in place as a member
// of a struct: it is no temporary (C++ elides the copy), so the error
// says what is wrong: a scope object is a variable of its own.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct Holder {
  CollectiveProgram program;
  int ranks;
  Holder(const AllGather &collective, int n)
      : program("program_member", collective, n, {}), // expected-error {{a CollectiveProgram cannot be a member of a struct in algorithm code: it marks a scope (the Python DSL's `with` block), which only a variable of its own gives; declare `CollectiveProgram program(...);` in the block it covers, and pass what the struct needs to it separately}}
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
