// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// Port of upstream python/mscclpp/language/tests/unit_tests/put/
// put_with_signal_fuse_test.py, as written there. Each rank issues three
// signals to its peer over the port channel (one signal, two
// put_with_signal) but its peer waits only twice, so the last signal is never
// consumed: mscclc rejects it (the reference fails with "Signal/Wait mismatch
// on port: rank 0 issues 3 signal(s) to rank 1, but rank 1 performs 2
// wait(s) for rank 0").
#include <mscclpp/dsl.hpp>

using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void put_with_signal_test(int num_threads_per_block = 1024,
                                            std::uint64_t min_message_size = 0,
                                            std::uint64_t max_message_size = UINT64_MAX) {
  // Set up 2 GPUs for fused put-with-signal operations
  const int gpus = 2;
  TestCollective collective(gpus, 4, 0);
  CollectiveProgram program("put_with_signal_test", collective, gpus,
                            {.protocol = Protocol::Simple,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // Iterate through all GPU pairs to perform fused put-with-signal operations
  for (int src_rank = 0; src_rank < gpus; ++src_rank) {
    // Get the source rank and its input buffer
    Rank rank(src_rank);
    BaseBuffer src_buff = rank.get_input_buffer();
    for (int dst_rank = 0; dst_rank < gpus; ++dst_rank) {
      if (src_rank != dst_rank) {
        // Get the destination rank and its input buffer
        Rank rank(dst_rank);
        BaseBuffer dst_buff = rank.get_input_buffer();

        // Establish port channel for put-with-signal communication
        PortChannel ch(dst_rank, src_rank);

        // Initial synchronization: send signal and wait for completion
        ch.signal({.tb = 0}); // expected-note {{signal issued here}}
        ch.wait({.tb = 0, .data_sync = SyncType::after}); // expected-note {{wait issued here}}

        // Perform fused put_with_signal operation
        ch.put_with_signal(dst_buff.slice(1, 2), src_buff.slice(0, 1), {.tb = 0}); // expected-note {{signal issued here}}
        // One error for the line, for its first rank pair; the other pair,
        // unmatched at the same statement, is named in a note.
        // expected-error@+4 {{signal/wait mismatch on port channels: rank 0 issues 3 signal(s) to rank 1, but rank 1 performs 2 wait(s) for rank 0; every signal must be matched by one wait on the peer over a channel of the same kind}}
        // expected-note@+3 {{signal issued here}}
        // expected-note@+2 {{the same line leaves 1 more rank pair(s) unmatched: 1 -> 0 (3 signal(s), 2 wait(s))}}
        // (the last signal of each rank: no wait on the peer consumes it)
        ch.put_with_signal(dst_buff.slice(3, 4), src_buff.slice(2, 3), {.tb = 0});

        // Wait for the fused put-with-signal operation to complete
        ch.wait({.tb = 0, .data_sync = SyncType::after}); // expected-note {{wait issued here}}
      }
    }
  }
}
