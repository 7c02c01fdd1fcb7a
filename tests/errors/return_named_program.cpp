// RUN: %expect-error mscclc %s
// RUN: not mscclc %s 2>&1 | FileCheck %s
// The same with the type named through its namespace.
// RUN: sed 's/^CollectiveProgram allgather_program/mscclpp::dsl::CollectiveProgram allgather_program/' %s > %t.cpp
// RUN: not mscclc %t.cpp 2>&1 | FileCheck %s --check-prefix=QUALIFIED
// QUALIFIED: error: call to deleted constructor of 'mscclpp::dsl::CollectiveProgram'; a program is not copied or moved
// Python's builders make a program in a with block and return it
// (def algo(spec): with CollectiveProgram.from_spec(spec) as p: ...;
// return p). A CollectiveProgram is neither copied nor moved, so the
// C++ port of that shape fails to compile; the error says what to write.
// CHECK: return_named_program.cpp:[[@LINE+9]]:10: error: call to deleted constructor of 'CollectiveProgram'; a program is not copied or moved: a helper may return a new one (return CollectiveProgram::from_spec(spec);), but one it named stays in the helper; make the program in the algorithm function and record its ops in helpers that take what they need (the spec, the rank count)
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

CollectiveProgram allgather_program(const AlgoSpec &spec) {
  CollectiveProgram program = CollectiveProgram::from_spec(spec);
  for (int r = 0; r < spec.world_size; ++r)
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1),
                 Rank(r).get_input_buffer().slice(0, 1), {.tb = 0});
  return program;
}

MSCCLPP_ALGORITHM void allgather(int n = 2) {
  const AlgoSpec spec{.name = "allgather",
                      .collective = AllGather(n, 1, false),
                      .nranks_per_node = n,
                      .world_size = n,
                      .in_place = false,
                      .instances = 1,
                      .protocol = Protocol::Simple};
  CollectiveProgram program = allgather_program(spec);
}
