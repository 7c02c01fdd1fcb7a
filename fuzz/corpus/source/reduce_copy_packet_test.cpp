// Unit test (LL): packet reduction input[0:1] += scratch[0:1], then a packet
// copy of input[0:1] into scratch[1:2]; fusion combines them into recpkt.
// Port of python/mscclpp/language/tests/unit_tests/reduce_copy_packet_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_copy_packet_test(int num_threads_per_block = 1024,
                                               std::uint64_t min_message_size = 0,
                                               std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 1;
  TestCollective collective(gpus, 1, 0);
  CollectiveProgram program("reduce_copy_packets_test", collective, gpus,
                            {.protocol = Protocol::LL,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  Rank rank(0);
  BaseBuffer input_buffer = rank.get_input_buffer();
  Buffer scratch_buffer(0, 2);
  // In-place reduction (no dst_chunk: the result lands in input[0:1]).
  rank.reduce(input_buffer.slice(0, 1), {scratch_buffer.slice(0, 1)},
              {.tb = 0, .packet = true});
  rank.copy_packets(scratch_buffer.slice(1, 2), input_buffer.slice(0, 1), {.tb = 0});
}
