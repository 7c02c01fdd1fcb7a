// LL-packet all-gather on one node using read-put-packets: each rank packs
// its input chunk into a private scratch area, forwards those packets into
// slot `rank` of every peer's scratch, then unpacks all peers' slots. All on
// thread block 0, so fusion can merge the forwards into one op.
// Port of python/mscclpp/language/tests/single_node/allgather_pkt_rppkt.py.
// Parameters: name, num_gpus, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_pkt_rppkt(
    std::string_view name = "allgather_pkt_rppkt", int num_gpus = 8,
    int num_threads_per_block = 1024, std::uint64_t min_message_size = 0,
    std::uint64_t max_message_size = UINT64_MAX) {
  const int gpu_size = num_gpus;
  const int chunks_per_loop = 1;
  AllGather collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.protocol = Protocol::LL,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = true,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // Scratch layout per rank: [0, gpu_size) receives the peers' packets,
  // [gpu_size, 2*gpu_size) stages the rank's own packets (at gpu_size+rank).
  std::vector<Buffer> scratch_buffer;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    scratch_buffer.push_back(Buffer(gpu, 2 * gpu_size));
  const int scratch_offset = gpu_size;

  // Pack the rank's input chunk into its staging slot.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    Rank rank(gpu);
    BaseBuffer input_buffer = rank.get_input_buffer();
    rank.copy_packets(scratch_buffer[gpu].slice(scratch_offset + gpu,
                                                scratch_offset + gpu + 1),
                      input_buffer.slice(0, 1), {.tb = 0});
  }

  // Forward the staged packets to every peer, in ring order.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    for (int step = 1; step < gpu_size; ++step) {
      const int dst_rank = (gpu + step) % gpu_size;
      MemoryChannel ch(dst_rank, gpu);
      ch.read_put_packets(
          scratch_buffer[dst_rank].slice(gpu, gpu + 1),
          scratch_buffer[gpu].slice(scratch_offset + gpu,
                                    scratch_offset + gpu + 1),
          {.tb = 0});
    }
  }

  // Unpack every peer's slot into the output buffer.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    Rank rank(gpu);
    BaseBuffer output_buffer = rank.get_output_buffer();
    for (int step = 1; step < gpu_size; ++step) {
      const int dst_rank = (gpu + step) % gpu_size;
      rank.unpack_packets(output_buffer.slice(dst_rank, dst_rank + 1),
                          scratch_buffer[gpu].slice(dst_rank, dst_rank + 1),
                          {.tb = 0});
    }
  }
}
