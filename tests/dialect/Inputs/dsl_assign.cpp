// Assignment of DSL values: a chunk, a channel, a buffer, a thread-block
// group and a rank are values; `a = b` makes `a` what `b` is, whether
// written directly, through a container element, a struct member or an
// optional. Every variant puts output chunk 1 over the second channel,
// from thread block 1 (tests/dialect/dsl_assign.test).
#include <mscclpp/dsl.hpp>
#include <optional>
#include <vector>
using namespace mscclpp::dsl;

struct Route {
  Chunk chunk;
  MemoryChannel channel;
};

MSCCLPP_ALGORITHM void dsl_assign(int variant = 0) {
  AllGather collective(2, 1, true);
  CollectiveProgram program("dsl_assign", collective, 2);
  BaseBuffer out = Rank(0).get_output_buffer();
  Chunk chunk = out.slice(0, 1);
  MemoryChannel first(1, 0), second(1, 0);
  MemoryChannel channel = first;
  ThreadBlockGroup group({0}), other({1});
  Rank peer(0);
  switch (variant) {
  case 0: // assigned directly, from a temporary and from a variable
    chunk = out.slice(1, 2);
    channel = second;
    group = other;
    peer = Rank(1);
    break;
  case 1: { // through a vector's elements
    std::vector<Chunk> chunks{chunk};
    std::vector<MemoryChannel> channels{first};
    chunks[0] = Chunk{0, BufferType::output, 1, 1};
    channels[0] = second;
    chunk = chunks[0];
    channel = channels.front();
    group = ThreadBlockGroup({1});
    peer = Rank(1);
    break;
  }
  case 3: // through the result of an assignment
    (chunk = out.slice(0, 1)).index = 1;
    (channel = first) = second;
    group = other;
    peer = Rank(1);
    break;
  case 2: { // a struct's members, and whole structs
    Route a{chunk, first}, b{out.slice(1, 2), first};
    b.channel = second;
    a = b;
    chunk = a.chunk;
    channel = a.channel;
    std::optional<ThreadBlockGroup> maybe;
    maybe = other;
    group = *maybe;
    std::optional<Rank> r;
    r = Rank(1);
    peer = *r;
    break;
  }
  }
  channel.put(peer.get_output_buffer().slice(0, 1), chunk, {.tb_group = group});
  first.signal({.tb = 0});
  second.signal({.tb = 0});
  MemoryChannel back(0, 1), back2(0, 1);
  back.wait({.tb = 0});
  back2.wait({.tb = 0});
}
