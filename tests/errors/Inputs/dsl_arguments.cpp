// DSL call arguments that the evaluator compiles once and then computes
// without its tree walk (EvalDslArguments.cpp): options lists, chunk
// variables, `Rank(p).get_input_buffer().slice(i, i + 1)` and lists of
// chunks, in a loop long enough for the compiled form to run. `mode` puts
// a mistake in iteration `at`; mode 0 has none.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void dsl_arguments(int mode = 0, int at = 6) {
  const int num_ranks = 4;
  TestCollective collective(num_ranks, 8, 8);
  CollectiveProgram program("dsl_arguments", collective, num_ranks);
  std::vector<MemoryChannel> ch;
  for (int r = 0; r < num_ranks; ++r)
    ch.push_back(MemoryChannel((r + 1) % num_ranks, r));
  for (int it = 0; it < 8; ++it) {
    const int r = it % num_ranks;
    const int i = mode == 1 && it == at ? 8 : it;
    const int p = mode == 2 && it == at ? num_ranks : (r + 1) % num_ranks;
    const int t = mode == 3 && it == at ? -1 : it % 2;
    Chunk own = Rank(r).get_input_buffer().slice(it, it + 1);
    Rank(r).copy(Rank(r).get_output_buffer().slice(i, i + 1), own,
                 {.tb = t});
    Rank(r).reduce(own, {Rank(r).get_output_buffer().slice(it, it + 1)},
                   {.tb = t, .reduce_op = ReduceOperationType::max});
    ch[r].put(Rank(p).get_input_buffer().slice(it, it + 1), own, {.tb = t});
  }
}
