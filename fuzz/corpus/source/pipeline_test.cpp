// Unit test: a single input->output copy wrapped in a pipeline loop with a
// 2^20-byte unit and one chunk. Upstream names the plan "barrier_test".
// Port of python/mscclpp/language/tests/unit_tests/pipeline_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_test(int num_threads_per_block = 1024,
                                     std::uint64_t min_message_size = 0,
                                     std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 1;
  TestCollective collective(gpus, 1, 1);
  CollectiveProgram program("barrier_test", collective, gpus,
                            {.instances = 1,
                             .protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  Rank rank(0);
  BaseBuffer input_buffer = rank.get_input_buffer();
  BaseBuffer output_buffer = rank.get_output_buffer();
  {
    // Ops recorded in this scope become one pipeline op on tb 0.
    LoopIterationContext loop(1048576, 1); // unit = 2^20 bytes
    rank.copy(output_buffer.slice(0, 1), input_buffer.slice(0, 1), {.tb = 0});
  }
}
