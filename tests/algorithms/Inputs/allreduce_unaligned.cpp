// All-pairs AllReduce whose chunks need not start on 16-byte boundaries:
// buffer_alignment 4 allows message sizes whose chunks are 4, 12, 20, ...
// bytes. Each rank reduces its chunk from every peer (one rres over all
// peers after fusion), and a local copy moves the result into the output
// buffer, so the reduce and copy paths for operands that are not 16-byte
// aligned both run.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allreduce_unaligned(int num_ranks = 4) {
  AllReduce collective(num_ranks, 1, /*inplace=*/false);
  CollectiveProgram program("allreduce_unaligned", collective, num_ranks,
                            {.buffer_alignment = 4});
  std::vector<std::map<int, MemoryChannel>> channel(num_ranks);
  for (int r = 0; r < num_ranks; ++r)
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        channel[r].emplace(p, MemoryChannel(p, r));
  for (int r = 0; r < num_ranks; ++r) {
    Chunk own = Rank(r).get_input_buffer().slice(r, r + 1);
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        channel[r].at(p).signal({.tb = 0, .relaxed = true});
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        channel[r].at(p).wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        channel[r].at(p).reduce(own, {Rank(p).get_input_buffer().slice(r, r + 1)},
                             {.tb = 0});
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        channel[r].at(p).put(Rank(p).get_output_buffer().slice(r, r + 1), own,
                          {.tb = 0});
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1), own, {.tb = 0});
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        channel[r].at(p).signal({.tb = 0, .data_sync = SyncType::before});
    for (int p = 0; p < num_ranks; ++p)
      if (p != r)
        channel[r].at(p).wait({.tb = 0});
  }
}
