// RUN: mscclc %s -o %t.json
// RUN: mscclc %s --emit-ir -o - | FileCheck %s
// std::vector<S>(n) and resize(n) construct each new element, as C++
// does: a default constructor that records an op records it once per
// element (it recorded one op in all before), in element order.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

struct Step {
  int tb = 0;
  Step() {
    Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
                 Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
  }
};

MSCCLPP_ALGORITHM void default_constructed_elements() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("default_constructed_elements", collective, 1,
                            {.instr_fusion = false});
  std::vector<Step> steps(3);
  steps.resize(5);
  steps.resize(2);
}
// CHECK-COUNT-5: copy
// CHECK-NOT: copy
