// Unit test (LL): packet reduction inside one three-chunk scratch buffer,
// scratch[2:3] = scratch[0:1] + packets of scratch[1:2] (repkt).
// Port of python/mscclpp/language/tests/unit_tests/reduce_packet/reduce_packets_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_packets_test(int num_threads_per_block = 1024,
                                           std::uint64_t min_message_size = 0,
                                           std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 1;
  TestCollective collective(gpus, 0, 0);
  CollectiveProgram program("reduce_packets_test", collective, gpus,
                            {.protocol = Protocol::LL,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  Rank rank(0);
  Buffer scratch_buffer(0, 3);
  rank.reduce(scratch_buffer.slice(0, 1), {scratch_buffer.slice(1, 2)},
              {.tb = 0, .dst_chunk = scratch_buffer.slice(2, 3), .packet = true});
}
