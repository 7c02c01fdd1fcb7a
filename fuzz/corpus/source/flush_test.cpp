// Unit test: rank 0 flushes a port channel towards rank 1 (sync before).
// Port of python/mscclpp/language/tests/unit_tests/flush/flush_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void flush_test(int num_threads_per_block = 1024,
                                  std::uint64_t min_message_size = 0,
                                  std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 2;
  TestCollective collective(gpus, 0, 0);
  CollectiveProgram program("flush_test", collective, gpus,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // Port channel from rank 0 to rank 1; wait for outstanding transfers.
  PortChannel ch(1, 0);
  ch.flush({.tb = 0, .data_sync = SyncType::before});
}
