// Unit test: one intra-rank semaphore (initial value 0); tb 0 acquires it
// (sync after) and tb 1 releases it (sync before).
// Port of python/mscclpp/language/tests/unit_tests/semaphore.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void semaphore(int num_threads_per_block = 1024,
                                 std::uint64_t min_message_size = 0,
                                 std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 1;
  TestCollective collective(gpus, 0, 0);
  CollectiveProgram program("semaphore_test", collective, gpus,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  Semaphore sm(0, 0);
  sm.acquire({.tb = 0, .data_sync = SyncType::after});
  sm.release({.tb = 1, .data_sync = SyncType::before});
}
