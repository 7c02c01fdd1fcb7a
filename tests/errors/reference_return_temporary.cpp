// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A reference returned into a temporary the function itself made: the
// temporary dies at the end of the return statement.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

const int &front(const std::vector<int> &v) { return v[0]; }
const int &firstPeer(int n) { return front(std::vector<int>(n, 1)); }

MSCCLPP_ALGORITHM void reference_return_temporary() {
  int tb = firstPeer(2) - 1; // expected-error {{'firstPeer' returns a reference to a temporary, which is destroyed when it returns; C++ leaves using the result undefined: return the value, or a reference to something the caller owns}}
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("r", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
}
