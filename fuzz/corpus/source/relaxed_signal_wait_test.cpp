// Unit test: each rank does a relaxed signal and a relaxed wait (default
// sync) on one memory channel to its peer.
// Port of python/mscclpp/language/tests/unit_tests/signal_wait/relaxed_signal_wait_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void relaxed_signal_wait_test(int num_threads_per_block = 1024,
                                                std::uint64_t min_message_size = 0,
                                                std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 2;
  TestCollective collective(gpus, 0, 0);
  CollectiveProgram program("relaxed_signal_wait_test", collective, gpus,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  for (int src_rank = 0; src_rank < gpus; ++src_rank) {
    for (int dst_rank = 0; dst_rank < gpus; ++dst_rank) {
      if (src_rank == dst_rank) {
        continue;
      }
      MemoryChannel ch(dst_rank, src_rank);
      ch.signal({.tb = 0, .relaxed = true});
      ch.wait({.tb = 0, .relaxed = true});
    }
  }
}
