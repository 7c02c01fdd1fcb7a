// Unit test: local reduction of input chunks 0 and 1 into output chunk 0.
// Port of python/mscclpp/language/tests/unit_tests/reduce/reduce_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_test(int num_threads_per_block = 1024,
                                   std::uint64_t min_message_size = 0,
                                   std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 1;
  TestCollective collective(gpus, 2, 1);
  CollectiveProgram program("reduce_test", collective, gpus,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  Rank rank(0);
  BaseBuffer input_buffer = rank.get_input_buffer();
  BaseBuffer output_buffer = rank.get_output_buffer();
  // output[0:1] = input[0:1] + input[1:2]
  rank.reduce(input_buffer.slice(0, 1), {input_buffer.slice(1, 2)},
              {.tb = 0, .dst_chunk = output_buffer.slice(0, 1)});
}
