// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json
// An assumption with side effects is never evaluated (C++ does not
// evaluate [[assume]]; Clang warns that it is ignored): its increment does
// not happen, and mscclc does not check it; nor one it cannot evaluate (a
// compiler builtin). One without side effects that holds changes nothing.
#include <mscclpp/dsl.hpp>
#include <stdexcept>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void assumption_side_effects(int num_ranks = 2) {
  CollectiveProgram prog("p", AllGather(num_ranks, 1, false), num_ranks);
  int copies = 1;
  // expected-warning@+1 {{assumption is ignored because it contains (potential) side-effects}}
  [[assume(++copies == 5)]];
  if (copies != 1)
    throw std::logic_error("the assumption was evaluated");
  [[assume(copies == 1)]];
  // One mscclc cannot evaluate is not checked either (nor by C++).
  [[assume(__builtin_expect(copies == 1, 1))]];
  for (int r = 0; r < num_ranks; ++r)
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1),
                 Rank(r).get_input_buffer().slice(0, 1), {.tb = 0});
}
