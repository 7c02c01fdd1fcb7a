// Pipelined NVLS all-reduce on two GPUs: in one loop-iteration context, tb 0
// stages input in scratch and handshakes, tb 1 switch-reduces and multicasts,
// tb 2 copies the result out; semaphores hand each stage to the next.
// Port of python/mscclpp/language/tests/single_node/allreduce_pipeline.py.
// Parameters: name, num_threads_per_block, min/max_message_size (fixed 2 ranks).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allreduce_pipeline(
    std::string_view name = "allreduce_pipeline",
    int num_threads_per_block = 1024, std::uint64_t min_message_size = 0,
    std::uint64_t max_message_size = UINT64_MAX) {
  const int nranks = 2;
  AllReduce collective(nranks, 1, true);
  CollectiveProgram program(name, collective, nranks,
                            {.instances = 1,
                             .protocol = Protocol::Simple,
                             .instr_fusion = true,
                             .reuse_resources = true,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = false,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  SwitchChannel nvls_chan({0, 1}, BufferType::scratch);
  std::vector<Buffer> scratch_buffer;
  for (int i = 0; i < nranks; ++i)
    scratch_buffer.push_back(Buffer(i, nranks));

  for (int i = 0; i < nranks; ++i) {
    const int src_rank = i;
    const int dst_rank = (i + 1) % nranks;
    // Two channels to the neighbour: one per handshake stage.
    MemoryChannel chan(dst_rank, src_rank);
    MemoryChannel chan1(dst_rank, src_rank);
    Rank rank(i);
    Semaphore sem0(i, 0);
    Semaphore sem1(i, 0);
    BaseBuffer input_buffer = rank.get_input_buffer();
    BaseBuffer output_buffer = rank.get_output_buffer();

    {
      // Loop body, repeated by the executor over 1 MiB units.
      LoopIterationContext loop(1 << 20, 1);

      // Stage 1 (tb 0): stage the input in scratch, handshake, hand over.
      for (int offset = 0; offset < nranks; ++offset)
        rank.copy(scratch_buffer[i].slice(offset, offset + 1),
                  input_buffer.slice(offset, offset + 1), {.tb = 0});
      chan.signal({.tb = 0, .data_sync = SyncType::before});
      chan.wait({.tb = 0, .data_sync = SyncType::after});
      sem0.release({.tb = 0});

      // Stage 2 (tb 1): reduce block i through the switch and multicast it.
      sem0.acquire({.tb = 1, .data_sync = SyncType::after});
      nvls_chan.at_rank(src_rank).reduce(i, 1, scratch_buffer[i].slice(i, i + 1),
                                         {.tb = 1});
      nvls_chan.at_rank(src_rank).broadcast(scratch_buffer[i].slice(i, i + 1),
                                            i, 1, {.tb = 1});
      chan1.signal({.tb = 1, .data_sync = SyncType::before});
      sem1.release({.tb = 1});

      // Stage 3 (tb 2): after both ranks' stores, copy scratch to output.
      sem1.acquire({.tb = 2});
      chan1.wait({.tb = 2, .data_sync = SyncType::after});
      for (int index = 0; index < nranks; ++index)
        rank.copy(output_buffer.slice(index, index + 1),
                  scratch_buffer[i].slice(index, index + 1), {.tb = 2});
    }
  }
}
