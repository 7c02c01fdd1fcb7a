// Evaluator micro-benchmark for bench/eval_steps: one loop per mode, so the
// cost of an evaluation step can be read apart from Clang and the passes.
//   mode 0: integer arithmetic and a branch (scalar values only)
//   mode 1: std::map lookups
//   mode 2: nested std::vector indexing
//   mode 3: an option struct made and read (an aggregate value)
//   mode 4: pairs of DSL signals with option structs (recorded ops)
// Every mode but 4 records no op; the plan is a single signal/wait pair.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void eval_loops(int n = 200000, int mode = 0) {
  AllGather collective(2, 1, true);
  CollectiveProgram program("eval_loops", collective, 2);
  MemoryChannel forward(1, 0);
  MemoryChannel backward(0, 1);
  std::map<int, int> table;
  for (int i = 0; i < 64; ++i)
    table.emplace(i, i);
  std::vector<std::vector<int>> grid(4, std::vector<int>(4, 1));
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    if (mode == 0)
      sum += i;
    else if (mode == 1)
      sum += table.at(i & 63);
    else if (mode == 2)
      sum += grid[i & 3][i & 3];
    else if (mode == 3) {
      MemorySyncOptions options{.tb = 0, .relaxed = true};
      sum += options.tb.value_or(0);
    }
  }
  const int pairs = mode == 4 ? n : 1;
  for (int i = 0; i < pairs; ++i) {
    forward.signal({.tb = 0, .relaxed = true});
    backward.wait({.tb = 0, .relaxed = true});
  }
  (void)sum;
}
