// Unit test (LL): on rank 0, a packet reduction into input[0:1], a packet copy
// of input[0:1] to local scratch[1:2], and a packet put of input[0:1] to rank
// 1's scratch[0:1]; fusion combines all three into recspkt.
// Port of python/mscclpp/language/tests/unit_tests/reduce_copy_send_packet_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_copy_send_packet_test(
    int num_threads_per_block = 1024, std::uint64_t min_message_size = 0,
    std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 2;
  TestCollective collective(gpus, 1, 0);
  CollectiveProgram program("reduce_copy_send_packets_test", collective, gpus,
                            {.protocol = Protocol::LL,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  Rank rank(0);
  BaseBuffer input_buffer = rank.get_input_buffer();
  // Scratch: two chunks on rank 0 (allocated first), one chunk on rank 1.
  std::vector<Buffer> scratch_buffers;
  scratch_buffers.push_back(Buffer(0, 2));
  scratch_buffers.push_back(Buffer(1, 1));
  MemoryChannel ch(1, 0);
  rank.reduce(input_buffer.slice(0, 1), {scratch_buffers[0].slice(0, 1)},
              {.tb = 0, .packet = true});
  rank.copy_packets(scratch_buffers[0].slice(1, 2), input_buffer.slice(0, 1), {.tb = 0});
  ch.put_packets(scratch_buffers[1].slice(0, 1), input_buffer.slice(0, 1), {.tb = 0});
}
