// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A floating-point division by zero: undefined in C++ (Clang's constant
// evaluator refuses it too); the error says how to write an infinity.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void float_division_by_zero(int num_ranks = 2) {
  TestCollective collective(num_ranks, 1, 1);
  CollectiveProgram program("c", collective, num_ranks);
  double zero = 0.0;
  double ratio = 1.0 / zero; // expected-error {{floating-point division by zero: C++ leaves it undefined (a constant expression refuses it too); write std::numeric_limits<double>::infinity() (from <limits>) where an infinity is meant, or test the divisor first}}
  (void)ratio;
}
