// Unit test: NVLS reduction. A switch channel over the input buffers of ranks
// 0 and 1; rank 0 loads-and-reduces multicast offset 0 (one chunk) into its
// one-chunk scratch buffer (glre). Three ranks exist, rank 2 stays idle.
// Port of python/mscclpp/language/tests/unit_tests/switch_reduce_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_reduce_test(int num_threads_per_block = 1024,
                                          std::uint64_t min_message_size = 0,
                                          std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 3;
  TestCollective collective(gpus, 1, 1);
  CollectiveProgram program("switch_reduce_test", collective, gpus,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  Buffer dst_chunk(0, 1);
  SwitchChannel ch({0, 1}, BufferType::input);
  ch.at_rank(0).reduce(0, 1, dst_chunk.slice(0, 1), {.tb = 0});
}
