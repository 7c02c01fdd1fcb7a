// RUN: mscclc -Wno-rank-without-threadblocks --verify %s
// RUN: %expect-error mscclc -Wno-rank-without-threadblocks %s
// A switch reduce (glre) that no broadcast of the same chunk follows, so it
// does not fuse into glres: the executor rejects a lone glre.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_reduce_unfused() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("switch_reduce_unfused", collective, 2);
  SwitchChannel ch({0, 1}, BufferType::input);
  Buffer scratch(0, 1);
  // expected-error@+2 {{rank 0 thread block 0: an unfused switch reduce (glre) is rejected by the executor [-Wglre-unfused]}}
  // expected-note@+1 {{fix: follow the switch reduce with a broadcast of the same chunk through the same switch channel on the same thread block, with instruction fusion on, so they fuse into glres}}
  ch.at_rank(0).reduce(0, 1, scratch.slice(0, 1), {.tb = 0});
}
