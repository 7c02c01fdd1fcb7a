// Unit test: remote-read reduction into output chunk 0 followed by a put of
// that result to the peer's output chunk 1; fusion turns the pair into rres.
// Port of python/mscclpp/language/tests/unit_tests/read_reduce_send_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void read_reduce_send_test(int num_threads_per_block = 1024,
                                             std::uint64_t min_message_size = 0,
                                             std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 2;
  TestCollective collective(gpus, 2, 2);
  CollectiveProgram program("read_reduce_send_test", collective, gpus,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  for (int src_rank = 0; src_rank < gpus; ++src_rank) {
    Rank rank(src_rank);
    BaseBuffer input_buff = rank.get_input_buffer();
    BaseBuffer output_buff = rank.get_output_buffer();
    for (int dst_rank = 0; dst_rank < gpus; ++dst_rank) {
      if (src_rank == dst_rank) {
        continue;
      }
      Rank peer_rank(dst_rank);
      BaseBuffer peer_input_buff = peer_rank.get_input_buffer();
      BaseBuffer peer_output_buff = peer_rank.get_output_buffer();
      MemoryChannel ch(dst_rank, src_rank);
      ch.signal({.tb = 0, .relaxed = true});
      ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
      // output[0:1] = input[0:1] + peer input[1:2] ...
      ch.reduce(input_buff.slice(0, 1), {peer_input_buff.slice(1, 2)},
                {.tb = 0, .local_dst_chunk = output_buff.slice(0, 1)});
      // ... and ship the result to peer output[1:2].
      ch.put(peer_output_buff.slice(1, 2), output_buff.slice(0, 1), {.tb = 0});
      ch.signal({.tb = 0, .data_sync = SyncType::before});
      ch.wait({.tb = 0, .data_sync = SyncType::after});
    }
  }
}
