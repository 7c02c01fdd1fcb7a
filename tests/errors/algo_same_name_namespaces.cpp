// RUN: mscclc --verify --algo ag %s
// RUN: %expect-error mscclc --algo ag %s
// Two algorithms share a name in different namespaces: --algo NAME alone is
// ambiguous (it used to pick the last one silently); the namespace picks one.
// RUN: rm -rf %t && mkdir -p %t
// RUN: mscclc --algo b::ag %s -o %t/b.json
// RUN: FileCheck %s --check-prefix=B < %t/b.json
// RUN: mscclc --algo ::a::ag %s -o %t/a.json
// RUN: FileCheck %s --check-prefix=A < %t/a.json
// RUN: mscclc --algo ag_other %s -o %t/other.json
// RUN: FileCheck %s --check-prefix=OTHER < %t/other.json
// RUN: mscclc --list-algos %s | FileCheck %s --check-prefix=LIST
// RUN: not mscclc %s -o %t/none.json 2>&1 | FileCheck %s --check-prefix=SEVERAL
// RUN: not mscclc --algo c::ag %s -o %t/none.json 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: test ! -e %t/none.json
// A leading :: names the path from the global namespace exactly; -P errors
// name the algorithm as --algo does.
// RUN: not mscclc --algo ::ag %s -o %t/none.json 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: not mscclc --algo b::ag -P x=1 %s -o %t/none.json 2>&1 | FileCheck %s --check-prefix=PARAM
// RUN: test ! -e %t/none.json
// GLOBAL: 1:1: error: no algorithm named '::ag' in this file; it defines: a::ag, b::ag, outer::inner::ag_other
// PARAM: error: unknown parameter 'x' for algorithm 'b::ag'
// B: "name": "ag_in_b"
// A: "name": "ag_in_a"
// OTHER: "name": "ag_other"
// LIST: a::ag  (
// LIST: b::ag  (
// LIST: outer::inner::ag_other  (
// SEVERAL: error: this file defines several algorithms (a::ag, b::ag, outer::inner::ag_other)
// UNKNOWN: 1:1: error: no algorithm named 'c::ag' in this file; it defines: a::ag, b::ag, outer::inner::ag_other
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

namespace a {
MSCCLPP_ALGORITHM void ag() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("ag_in_a", collective, 1);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
} // namespace a

namespace b {
// expected-error@+1 {{--algo ag names several algorithms (a::ag, b::ag); give the one you mean with its namespace}}
MSCCLPP_ALGORITHM void ag() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("ag_in_b", collective, 1);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
} // namespace b

// Anonymous namespaces add nothing to the name.
namespace outer::inner {
namespace {
MSCCLPP_ALGORITHM void ag_other() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("ag_other", collective, 1);
  Rank r(0);
  r.copy(r.get_output_buffer().slice(0, 1), r.get_input_buffer().slice(0, 1),
         {.tb = 0});
}
} // namespace
} // namespace outer::inner
