// A for loop's `++i`, `i++`, `--i` and `i--` of a named variable are run
// without eval's dispatch (Evaluator::incrementVariable). `mode` picks a
// mistake in one; mode 0 has none and runs the four kinds (for the step
// limit striking at each node).
#include <mscclpp/dsl.hpp>
#include <climits>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void for_increment(int mode = 0) {
  TestCollective collective(1, 2, 2);
  CollectiveProgram program("for_increment", collective, 1);
  int sum = 0;
  for (int i = 0; i < 5; ++i)
    sum += i;
  for (long j = 9; j > 4; j--)
    sum += int(j);
  for (unsigned k = 3; k > 0; --k)
    sum += int(k);
  short s = 0;
  for (; s < 4; s++)
    sum += s;
  // As statements.
  int n = 2;
  ++n;
  n--;
  --n;
  n++;
  sum += n;
  if (mode == 4) {
    int big = INT_MAX;
    big++;
  }
  if (mode == 1)
    for (int i = INT_MAX - 2; i > 0; ++i)
      sum += 1;
  if (mode == 2)
    for (int i = INT_MIN + 1; i < 0; i--)
      sum += 1;
  if (mode == 3) {
    std::vector<int> v = {0};
    for (int &r = v[0]; r < 5; ++r)
      v.push_back(r);
  }
  Rank(0).copy(Rank(0).get_output_buffer().slice(sum % 2, sum % 2 + 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
