// A switch-channel min cannot be baked for f32: an NVLS switch takes
// min/max of f16, bf16 and 32-bit integers only. The error is at the
// reduce's line and names the fix; the same program bakes for f16 and i32.
// RUN: %expect-error mscclc --emit-cuda --dtypes f16,f32,i32 %s
// RUN: rm -f %t.cu
// RUN: not mscclc --emit-cuda --dtypes f16,f32,i32 %s -o %t.cu
// RUN: test ! -e %t.cu
// RUN: mscclc --emit-cuda --dtypes f16,i32 %s -o %t.cu
// RUN: grep -q 'multimem_reduce<T, ReduceOp::Min>' %t.cu
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_min() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("switch_min", collective, 2,
                            {.protocol = Protocol::Simple});
  Buffer dst_chunk(0, 1);
  SwitchChannel ch({0, 1}, BufferType::input);
  ch.at_rank(0).reduce(0, 1, dst_chunk.slice(0, 1),
                       {.tb = 0, .reduce_op = ReduceOperationType::min}); // expected-error {{--emit-cuda cannot bake 'glre' (min of f32): an NVLS switch cannot reduce it (multimem ld_reduce sums f32, f16, bf16 and 32-bit integers, and takes min/max of all but f32); drop f32 from --dtypes}}
}
