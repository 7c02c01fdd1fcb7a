// RUN: %expect-error mscclc %s 2>&1 | FileCheck %s
// RUN: %expect-error mscclc %s 2>&1 | awk 'length > 400 { exit 1 }'
// A call note shows a long string argument by its start and its length,
// as it shows a long vector by its first elements: the note quoted all of
// a 100,000-character argument.
#include <string>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

void copy_tagged(const std::string &tag, int hi) {
  (void)tag;
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, hi), {.tb = 0});
}

MSCCLPP_ALGORITHM void call_note_long_string() {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program("c", collective, 2);
  copy_tagged("short", 1);
  copy_tagged(std::string(100000, 'x'), 9);
}
// CHECK: error: chunk [0:9] is out of range
// CHECK: note: in call to 'copy_tagged("{{x+}}..." (100000 bytes), 9)'
