// A barrier inside a pipeline (the C++ port of pipeline_barrier.py): per
// iteration, thread block 0 copies the rank's input slice into its place
// in the output, a barrier over thread blocks 0 and 1 orders it before
// thread block 1, once the peer is there (a relaxed handshake), puts that
// slice into the peer's output and hands it over with a signal and a wait.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void pipeline_barrier(int num_gpus = 2, int unit = 1 << 16) {
  AllGather collective(num_gpus, 1, false);
  CollectiveProgram program("pipeline_barrier", collective, num_gpus,
                            {.protocol = Protocol::Simple});
  for (int gpu = 0; gpu < num_gpus; ++gpu) {
    Rank rank(gpu);
    BaseBuffer in = rank.get_input_buffer();
    BaseBuffer out = rank.get_output_buffer();
    LoopIterationContext loop(unit, 1);
    rank.copy(out.slice(gpu, gpu + 1), in.slice(0, 1), {.tb = 0});
    rank.barrier({0, 1});
    for (int peer = 0; peer < num_gpus; ++peer) {
      if (peer == gpu)
        continue;
      MemoryChannel ch(peer, gpu);
      BaseBuffer dst = Rank(peer).get_output_buffer();
      ch.signal({.tb = 1, .data_sync = SyncType::none, .relaxed = true});
      ch.wait({.tb = 1, .data_sync = SyncType::after, .relaxed = true});
      ch.put(dst.slice(gpu, gpu + 1), out.slice(gpu, gpu + 1), {.tb = 1});
      ch.signal({.tb = 1, .data_sync = SyncType::before});
      ch.wait({.tb = 1, .data_sync = SyncType::after});
    }
  }
}
