// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A helper returning a reference: the evaluator returns values, so
// `slot(v) = 1` would assign to a copy and be lost. It is refused.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

int &slot(std::vector<int> &v) { return v[0]; }

MSCCLPP_ALGORITHM void reference_returning_function() {
  std::vector<int> v(1);
  slot(v) = 1; // expected-error {{'slot' returns a reference; functions returning references are not supported in algorithm code}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("r", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = v[0]});
}
