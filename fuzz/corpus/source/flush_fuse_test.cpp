// Unit test: two back-to-back flushes on two distinct port channels of rank 0
// (the first syncs after, the second before); fusion merges them into one.
// Port of python/mscclpp/language/tests/unit_tests/flush/flush_fuse_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void flush_fuse_test(int num_threads_per_block = 1024,
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

  // Each constructor call creates a fresh channel (port ids 0 and 1).
  PortChannel first(1, 0);
  first.flush({.tb = 0, .data_sync = SyncType::after});
  PortChannel second(1, 0);
  second.flush({.tb = 0, .data_sync = SyncType::before});
}
