// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A global constant whose initialiser reads one declared after it with a
// dynamic initialiser: C++ initialises globals in declaration order, so
// the later one may not be initialised yet there. Before, mscclc
// initialised it on demand and read 4 where g++'s program reads 0.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

static int fourBlocks() { return 4; }
static int readBlocks();
const int doubled = readBlocks() * 2; // expected-note {{in call to 'readBlocks()'}}
const int blocks = fourBlocks();
static int readBlocks() {
  return blocks; // expected-error {{global constant 'blocks' is read while the initialiser of 'doubled', declared before it, runs; C++ initialises globals in the order they are declared, so 'blocks' may not be initialised yet here (zero, or its value if the compiler initialised it early: unspecified): declare 'blocks' before 'doubled', or make it constexpr}}
}

MSCCLPP_ALGORITHM void global_read_before_init(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = doubled});
}
