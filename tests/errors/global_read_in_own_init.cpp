// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A global constant whose initialiser reads the global itself (through a
// function): C++ reads it zero-initialised. Before, mscclc evaluated the
// initialiser again and again until the call depth limit.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

static int currentBlocks();
const int blocks = currentBlocks() + 1; // expected-note {{in call to 'currentBlocks()'}}
static int currentBlocks() {
  return blocks; // expected-error {{global constant 'blocks' is read while its own initialiser runs; C++ would read it still zero-initialised here: compute its value without reading 'blocks'}}
}

MSCCLPP_ALGORITHM void global_read_in_own_init(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = blocks - 1});
}
