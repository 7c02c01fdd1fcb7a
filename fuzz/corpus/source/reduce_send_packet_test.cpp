// Unit test (LL): on each rank, a packet reduction scratch[2:3] = scratch[0:1]
// + scratch[1:2], then the result is put as packets into the peer's
// scratch[3:4]; fusion combines the pair into respkt.
// Port of python/mscclpp/language/tests/unit_tests/reduce_send_packet_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void reduce_send_packet_test(int num_threads_per_block = 1024,
                                               std::uint64_t min_message_size = 0,
                                               std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 2;
  TestCollective collective(gpus, 0, 0);
  CollectiveProgram program("reduce_send_packets_test", collective, gpus,
                            {.protocol = Protocol::LL,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // A four-chunk scratch buffer on every rank, indexed by rank.
  std::vector<Buffer> scratch_buffers;
  for (int rank = 0; rank < gpus; ++rank) {
    scratch_buffers.push_back(Buffer(rank, 4));
  }

  for (int src_rank = 0; src_rank < gpus; ++src_rank) {
    Rank rank(src_rank);
    for (int dst_rank = 0; dst_rank < gpus; ++dst_rank) {
      if (src_rank == dst_rank) {
        continue;
      }
      MemoryChannel ch(dst_rank, src_rank);
      rank.reduce(scratch_buffers[src_rank].slice(0, 1),
                  {scratch_buffers[src_rank].slice(1, 2)},
                  {.tb = 0, .dst_chunk = scratch_buffers[src_rank].slice(2, 3),
                   .packet = true});
      ch.put_packets(scratch_buffers[dst_rank].slice(3, 4),
                     scratch_buffers[src_rank].slice(2, 3), {.tb = 0});
    }
  }
}
