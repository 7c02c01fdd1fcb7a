// RUN: mscclc --verify -Werror %s
// RUN: %expect-error mscclc -Werror %s
// A max reduction: the 0.9 executor ignores reduce_op and always sums (a
// warning; -Werror makes it an error).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void werror_non_sum_reduce() {
  TestCollective collective(1, 2, 2);
  CollectiveProgram program("werror_non_sum_reduce", collective, 1);
  Rank r(0);
  BaseBuffer in = r.get_input_buffer();
  // expected-error@+2 {{rank 0 thread block 0: the 0.9 executor ignores reduce_op and always sums [-Werror,-Wnon-sum-reduce]}}
  // expected-note@+1 {{fix: use ReduceOperationType::sum}}
  r.reduce(in.slice(0, 1), {in.slice(1, 2)},
           {.tb = 0, .reduce_op = ReduceOperationType::max});
}
