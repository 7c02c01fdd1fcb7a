// A reduce with reduce_op = max: the 0.9 executor always sums, so mscclc
// warns (-Wnon-sum-reduce).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void max_reduce() {
  TestCollective collective(1, 2, 1);
  CollectiveProgram program("max_reduce", collective, 1);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  BaseBuffer out = r.get_output_buffer();
  r.reduce(in.slice(0, 1), {in.slice(1, 2)},
           {.tb = 0, .dst_chunk = out.slice(0, 1), .reduce_op = ReduceOperationType::max});
}
