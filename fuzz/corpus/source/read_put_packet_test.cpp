// Unit test (LL): each rank owns a two-chunk scratch buffer; every rank reads
// packets from its scratch chunk 0 and forwards them to the peer's scratch
// chunk 1 (memory rppkt).
// Port of python/mscclpp/language/tests/unit_tests/read_put_packet_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void read_put_packet_test(int num_threads_per_block = 1024,
                                            std::uint64_t min_message_size = 0,
                                            std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 2;
  TestCollective collective(gpus, 0, 0);
  CollectiveProgram program("read_put_packets_test", collective, gpus,
                            {.protocol = Protocol::LL,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // One scratch buffer per rank, indexed by rank.
  std::vector<Buffer> scratch_buffers;
  for (int rank = 0; rank < gpus; ++rank) {
    scratch_buffers.push_back(Buffer(rank, 2));
  }

  for (int src_rank = 0; src_rank < gpus; ++src_rank) {
    for (int dst_rank = 0; dst_rank < gpus; ++dst_rank) {
      if (src_rank == dst_rank) {
        continue;
      }
      MemoryChannel ch(dst_rank, src_rank);
      ch.read_put_packets(scratch_buffers[dst_rank].slice(1, 2),
                          scratch_buffers[src_rank].slice(0, 1), {.tb = 0});
    }
  }
}
