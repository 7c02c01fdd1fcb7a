// The C++ port of tb_list_buffers.py: a thread block group's tb_list() and
// the buffer accessors rank(), offset() and size() (Python's meaning: size
// is where the buffer ends, so the length is size() - offset()).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void tb_list_buffers(std::string_view name = "tb_list_buffers",
                                       int num_gpus = 2, int chunks = 4) {
  AllGather collective(num_gpus, chunks, false);
  CollectiveProgram program(name, collective, num_gpus, {.protocol = Protocol::Simple});
  ThreadBlockGroup tbg({3, 1, 2});
  for (int gpu = 0; gpu < num_gpus; ++gpu) {
    Rank rank(gpu);
    Buffer first(gpu, 2);
    Buffer staged(gpu, chunks);
    BaseBuffer inp = rank.get_input_buffer();
    BaseBuffer out = rank.get_output_buffer();
    int length = staged.size() - staged.offset();
    for (int i = 0; i < length; ++i) {
      int tb = tbg.tb_list()[i % int(tbg.tb_list().size())];
      rank.copy(staged.slice(i, i + 1), inp.slice(i, i + 1), {.tb = tb});
      int base = out.rank() * inp.size() + out.offset();
      rank.copy(out.slice(base + i, base + i + 1), staged.slice(i, i + 1), {.tb = tb});
    }
  }
  for (int gpu = 0; gpu < num_gpus; ++gpu)
    for (int peer = 0; peer < num_gpus; ++peer) {
      if (peer == gpu)
        continue;
      MemoryChannel ch(peer, gpu);
      for (int i = 0; i < chunks; ++i) {
        int tb = tbg.tb_list()[i % tbg.numtb()];
        BaseBuffer src = Rank(gpu).get_input_buffer();
        BaseBuffer dst = Rank(peer).get_output_buffer();
        ch.put(dst.slice(gpu * src.size() + i, gpu * src.size() + i + 1), src.slice(i, i + 1), {.tb = tb});
        ch.signal({.tb = tb, .data_sync = SyncType::before});
      }
    }
  for (int gpu = 0; gpu < num_gpus; ++gpu)
    for (int peer = 0; peer < num_gpus; ++peer) {
      if (peer == gpu)
        continue;
      MemoryChannel ch(peer, gpu);
      for (int i = 0; i < chunks; ++i)
        ch.wait({.tb = tbg.tb_list()[i % tbg.numtb()], .data_sync = SyncType::after});
    }
}
