// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc %s -P arithmetic=true -o %t.json 2> %t.err
// RUN: FileCheck --check-prefix=ARITH %s < %t.err
// RUN: not test -e %t.json
// ARITH: address_compare.cpp:[[@LINE+12]]:37: error: pointer arithmetic is not supported in algorithm code; index a std::vector or std::array instead
// Comparing the addresses of two objects (which one is it?) and pointer
// arithmetic: refused, with what to use instead.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void address_compare(bool arithmetic = false) {
  CollectiveProgram program("p", TestCollective(1, 2, 2), 1);
  std::vector<int> sizes = {1, 2};
  const int &first = sizes[0];
  if (arithmetic) {
    const long distance = &sizes[1] - &first;
    (void)distance;
  }
  const int tb = &first == &sizes[1] ? 1 : 0; // expected-error {{comparing addresses is not supported in algorithm code; compare the values, or keep an index or a key that says which object is meant}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
}
