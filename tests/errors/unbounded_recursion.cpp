// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A recursive helper without a base case (the call depth limit stops it).
// The notes show the three innermost calls, count those in between, and
// end with the outermost: where the algorithm called the helper.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

// expected-error@+3 {{call depth exceeds the limit of 256 (unbounded recursion?); if the recursion is meant to be this deep, raise the limit with --max-depth=N}}
// expected-note@+2 3 {{in call to 'tb_for(}}
// expected-note@+1 {{251 more call(s) in between, not shown}}
int tb_for(int step) { return tb_for(step + 1); }

MSCCLPP_ALGORITHM void unbounded_recursion() {
  TestCollective collective(2, 2, 2);
  CollectiveProgram program("unbounded_recursion", collective, 2);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = tb_for(0)}); // expected-note {{in call to 'tb_for(0)'}}
}
