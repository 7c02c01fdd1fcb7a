// Unit test (LL): every rank sends its input chunk 0 as packets into a fresh
// one-chunk scratch buffer on the peer (memory ppkt).
// Port of python/mscclpp/language/tests/unit_tests/put_packet_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void put_packet_test(int num_threads_per_block = 1024,
                                       std::uint64_t min_message_size = 0,
                                       std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 2;
  TestCollective collective(gpus, 1, 0);
  CollectiveProgram program("put_packets_test", collective, gpus,
                            {.protocol = Protocol::LL,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  for (int src_rank = 0; src_rank < gpus; ++src_rank) {
    Rank rank(src_rank);
    BaseBuffer src_buff = rank.get_input_buffer();
    for (int dst_rank = 0; dst_rank < gpus; ++dst_rank) {
      if (src_rank == dst_rank) {
        continue;
      }
      // Scratch landing zone on the peer, allocated before the channel.
      Buffer dst_buff(dst_rank, 1);
      MemoryChannel ch(dst_rank, src_rank);
      ch.put_packets(dst_buff.slice(0, 1), src_buff.slice(0, 1), {.tb = 0});
    }
  }
}
