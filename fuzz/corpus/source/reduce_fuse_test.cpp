// Unit test: two local reductions sharing source input[0:1] and destination
// output[0:1] (others input[1:2], then input[2:3]); fusion merges them.
// Port of python/mscclpp/language/tests/unit_tests/reduce/reduce_fuse_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_fuse_test(int num_threads_per_block = 1024,
                                        std::uint64_t min_message_size = 0,
                                        std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 1;
  TestCollective collective(gpus, 3, 2);
  CollectiveProgram program("reduce_test", collective, gpus,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  Rank rank(0);
  BaseBuffer input_buffer = rank.get_input_buffer();
  BaseBuffer output_buffer = rank.get_output_buffer();
  rank.reduce(input_buffer.slice(0, 1), {input_buffer.slice(1, 2)},
              {.tb = 0, .dst_chunk = output_buffer.slice(0, 1)});
  rank.reduce(input_buffer.slice(0, 1), {input_buffer.slice(2, 3)},
              {.tb = 0, .dst_chunk = output_buffer.slice(0, 1)});
}
