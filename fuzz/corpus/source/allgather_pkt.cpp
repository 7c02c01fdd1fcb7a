// LL-packet all-gather on one node: each rank writes its chunk as packets
// into slot `rank` of every peer's scratch (one thread block per peer), and
// each receiver unpacks every peer's slot into its output buffer on further
// thread blocks. No explicit synchronisation: packets carry their own flags.
// Port of python/mscclpp/language/tests/single_node/allgather_pkt.py.
// Parameters: name, num_gpus, num_threads_per_block, min/max_message_size.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_pkt(std::string_view name = "allgather_pkt",
                                     int num_gpus = 8,
                                     int num_threads_per_block = 1024,
                                     std::uint64_t min_message_size = 0,
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

  // One packet slot per source rank in every rank's scratch.
  std::vector<Buffer> scratch_buffer;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    scratch_buffer.push_back(Buffer(gpu, gpu_size));

  // Send: peers visited in ring order gpu+1, gpu+2, ...; thread block
  // step-1 handles the step-th peer, each over a fresh channel.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    BaseBuffer output_buffer = Rank(gpu).get_output_buffer();
    for (int step = 1; step < gpu_size; ++step) {
      const int dst_rank = (gpu + step) % gpu_size;
      MemoryChannel ch(dst_rank, gpu);
      ch.put_packets(scratch_buffer[dst_rank].slice(gpu, gpu + 1),
                     output_buffer.slice(gpu, gpu + 1), {.tb = step - 1});
    }
  }

  // Receive: unpack the slot of each peer (same ring order) on thread blocks
  // following the senders.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    Rank rank(gpu);
    BaseBuffer output_buffer = rank.get_output_buffer();
    for (int step = 1; step < gpu_size; ++step) {
      const int dst_rank = (gpu + step) % gpu_size;
      rank.unpack_packets(output_buffer.slice(dst_rank, dst_rank + 1),
                          scratch_buffer[gpu].slice(dst_rank, dst_rank + 1),
                          {.tb = gpu_size + step - 2});
    }
  }
}
