// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// std::accumulate's `init + *it` over elements of the program's own class:
// C++ picks between the class's conversion operator and an operator+ of the
// program's own (here the operator+, natively 2003), which mscclc does not
// resolve: refused, not computed through the conversion (which gives 9).
#include <numeric>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;
struct Bytes {
  long n;
  operator long() const { return n * 3; }
};
long operator+(long a, const Bytes &b) { return a + b.n + 1000; }

MSCCLPP_ALGORITHM void accumulate_class_operand() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::vector<Bytes> pieces = {{1}, {2}};
  long total = std::accumulate(pieces.begin(), pieces.end(), 0L); // expected-error {{expected a number}}
  (void)total;
}
