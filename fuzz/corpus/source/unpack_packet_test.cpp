// Unit test (LL): pack input chunk 0 into scratch (cpkt), then unpack the
// scratch packets into output chunk 0 (upkt), both on tb 0.
// Port of python/mscclpp/language/tests/unit_tests/unpack_packet_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void unpack_packet_test(int num_threads_per_block = 1024,
                                          std::uint64_t min_message_size = 0,
                                          std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 1;
  TestCollective collective(gpus, 1, 1);
  CollectiveProgram program("unpack_packets_test", collective, gpus,
                            {.protocol = Protocol::LL,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  Rank rank(0);
  BaseBuffer input_buffer = rank.get_input_buffer();
  BaseBuffer output_buffer = rank.get_output_buffer();
  Buffer scratch_buffer(0, 1);
  // Pack into scratch, then unpack from scratch into the output.
  rank.copy_packets(scratch_buffer.slice(0, 1), input_buffer.slice(0, 1), {.tb = 0});
  rank.unpack_packets(output_buffer.slice(0, 1), scratch_buffer.slice(0, 1), {.tb = 0});
}
