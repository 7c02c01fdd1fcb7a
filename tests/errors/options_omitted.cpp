// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// An op whose options struct is left out altogether is the same mistake as
// `{}` without a thread block: the error says which field to pass (it used
// to be Clang's "too few arguments to function call").
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void options_omitted(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n);
  MemoryChannel ch(1, 0);
  // expected-error@+1 {{put needs a thread block: pass .tb = N or .tb_group = group}}
  ch.put(Rank(1).get_output_buffer().slice(0, 1),
         Rank(0).get_input_buffer().slice(0, 1));
}
