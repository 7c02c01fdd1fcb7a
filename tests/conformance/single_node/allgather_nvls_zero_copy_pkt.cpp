// LL-packet NVLS all-gather on one node: each rank packs its chunk into its
// scratch slot, multicasts it to that slot on every rank through a switch
// channel over scratch, then unpacks slot j on thread block j (auto_sync off).
// Port of
// python/mscclpp/language/tests/single_node/allgather_nvls_zero_copy_pkt.py.
// Parameters: name, num_gpus, num_threads_per_block (256), min_message_size
// (1024), max_message_size (1 MiB), instances (1).
#include <cassert>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_nvls_zero_copy_pkt(
    std::string_view name = "allgather_nvls_zero_copy_pkt", int num_gpus = 8,
    int num_threads_per_block = 256, std::uint64_t min_message_size = 1024,
    std::uint64_t max_message_size = 1024 * 1024, int instances = 1) {
  // Each instance needs at least 1 KiB of message (upstream raises
  // RuntimeError before building anything).
  const std::uint64_t min_bytes_per_instance = 1024;
  assert(min_bytes_per_instance * instances <= min_message_size &&
         "min_message_size must be at least 1024 bytes per instance");

  const int gpu_size = num_gpus;
  const int chunks_per_loop = 1;
  AllGather collective(gpu_size, chunks_per_loop, true);
  CollectiveProgram program(name, collective, gpu_size,
                            {.instances = instances,
                             .protocol = Protocol::LL,
                             .auto_sync = false,
                             .num_threads_per_block = num_threads_per_block,
                             .use_double_scratch_buffer = true,
                             .min_message_size = min_message_size,
                             .max_message_size = max_message_size});

  // One packet slot per source rank in every rank's scratch.
  std::vector<Buffer> scratch_buffer;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    scratch_buffer.push_back(Buffer(gpu, gpu_size));

  // Multicast group over the scratch buffers.
  std::vector<int> all_ranks;
  for (int gpu = 0; gpu < gpu_size; ++gpu)
    all_ranks.push_back(gpu);
  SwitchChannel nvls_chan(all_ranks, BufferType::scratch);

  // Pack the own chunk into slot `gpu`, then multicast that slot.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    Rank rank(gpu);
    BaseBuffer output_buffer = rank.get_output_buffer();
    rank.copy_packets(scratch_buffer[gpu].slice(gpu, gpu + 1),
                      output_buffer.slice(gpu, gpu + 1), {.tb = 0});
    nvls_chan.at_rank(gpu).broadcast_packets(
        scratch_buffer[gpu].slice(gpu, gpu + 1), gpu, 1, {.tb = 0});
  }

  // Unpack every slot; slot j on thread block j.
  for (int gpu = 0; gpu < gpu_size; ++gpu) {
    Rank rank(gpu);
    BaseBuffer output_buffer = rank.get_output_buffer();
    for (int j = 0; j < gpu_size; ++j)
      rank.unpack_packets(output_buffer.slice(j, j + 1),
                          scratch_buffer[gpu].slice(j, j + 1), {.tb = j});
  }
}
