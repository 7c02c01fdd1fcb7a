// Unit test: per peer, four fresh memory channels; two signals then two waits
// (default sync) on tb 0, which fusion merges into one signal and one wait
// each covering two channels.
// Port of python/mscclpp/language/tests/unit_tests/signal_wait/signal_wait_fuse_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void signal_wait_fuse_test(int num_threads_per_block = 1024,
                                             std::uint64_t min_message_size = 0,
                                             std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 2;
  TestCollective collective(gpus, 0, 0);
  CollectiveProgram program("signal_wait_test", collective, gpus,
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
      // A new channel per call, created right before its use.
      MemoryChannel ch0(dst_rank, src_rank);
      ch0.signal({.tb = 0});
      MemoryChannel ch1(dst_rank, src_rank);
      ch1.signal({.tb = 0});
      MemoryChannel ch2(dst_rank, src_rank);
      ch2.wait({.tb = 0});
      MemoryChannel ch3(dst_rank, src_rank);
      ch3.wait({.tb = 0});
    }
  }
}
