// Debug prints while the plan is generated: printf, fprintf, puts and
// std::cout/std::cerr, all written to mscclc's stderr in program order; the
// plan itself is unchanged (it is the sample allgather's).
#include <cstdio>
#include <iostream>
#include <mscclpp/dsl.hpp>
#include <string>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void allgather_allpairs(int num_ranks = 2,
                                          int instances = 1) {
  AllGather collective(num_ranks, /*chunk_factor=*/1, /*inplace=*/true);
  CollectiveProgram program(
      "allgather_allpairs", collective, num_ranks,
      {.instances = instances, .protocol = Protocol::Simple});
  std::printf("ranks=%d instances=%u share=%.3f hex=%#06x [%-5s] [%5s] %c%%\n",
              num_ranks, unsigned(instances), 1.0 / 3, 255, "ab", "cd", 'Z');
  std::cout << "cout: " << num_ranks << ' ' << 2.5 << ' ' << true << ' '
            << std::string("str") << std::endl;
  for (int src = 0; src < num_ranks; ++src) {
    Chunk mine = Rank(src).get_output_buffer().slice(src, src + 1);
    for (int dst = 0; dst < num_ranks; ++dst) {
      if (src == dst)
        continue;
      std::cerr << "edge " << src << " -> " << dst << "\n";
      MemoryChannel ch(dst, src);
      ch.signal({.tb = 0, .relaxed = true});
      ch.wait({.tb = 0, .data_sync = SyncType::after, .relaxed = true});
      ch.put(Rank(dst).get_output_buffer().slice(src, src + 1), mine,
             {.tb = 0});
      ch.signal({.tb = 0, .data_sync = SyncType::before});
      ch.wait({.tb = 0, .data_sync = SyncType::after});
    }
  }
  int written = fprintf(stderr, "done: %lld bytes %s\n", -1LL, "total");
  std::puts(written == 21 ? "fprintf returned 21" : "fprintf count wrong");
}
