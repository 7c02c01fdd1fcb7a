// RUN: mscclc --verify --algo ag %s
// RUN: %expect-error mscclc --algo ag %s
// An algorithm in an inline namespace may be named without it, as C++
// names it (a::ag is a::v1::ag); listings keep the full name.
// RUN: rm -rf %t && mkdir -p %t
// RUN: mscclc --algo a::ag %s -o %t/v1.json
// RUN: FileCheck %s --check-prefix=V1 < %t/v1.json
// RUN: mscclc --algo ::a::ag %s -o %t/v1g.json
// RUN: FileCheck %s --check-prefix=V1 < %t/v1g.json
// RUN: mscclc --algo a::v1::ag %s -o %t/v1full.json
// RUN: FileCheck %s --check-prefix=V1 < %t/v1full.json
// RUN: mscclc --algo v2::ag %s -o %t/v2.json
// RUN: FileCheck %s --check-prefix=V2 < %t/v2.json
// RUN: mscclc --list-algos %s | FileCheck %s --check-prefix=LIST
// V1: "name": "ag_v1"
// V2: "name": "ag_v2"
// LIST: a::v1::ag  (
// LIST: a::v2::ag  (
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

namespace a {
inline namespace v1 {
MSCCLPP_ALGORITHM void ag() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("ag_v1", collective, 1);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
} // namespace v1
namespace v2 {
// expected-error@+1 {{--algo ag names several algorithms (a::v1::ag, a::v2::ag); give the one you mean with its namespace}}
MSCCLPP_ALGORITHM void ag() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("ag_v2", collective, 1);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
} // namespace v2
} // namespace a
