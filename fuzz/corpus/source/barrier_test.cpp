// Unit test: a single rank synchronises two of its thread blocks with one
// barrier; the plan carries the same barrier op on tb 0 and tb 1.
// Port of python/mscclpp/language/tests/unit_tests/barrier_test.py.
// Parameters: only the three common ones (the plan name is fixed).
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void barrier_test(int num_threads_per_block = 1024,
                                    std::uint64_t min_message_size = 0,
                                    std::uint64_t max_message_size = UINT64_MAX) {
  const int gpus = 1;
  TestCollective collective(gpus, 0, 0);
  CollectiveProgram program("barrier_test", collective, gpus,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  Rank rank(0);
  // Both thread blocks must arrive before either continues.
  rank.barrier({0, 1});
}
