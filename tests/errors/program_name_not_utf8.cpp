// RUN: rm -f %t.json
// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: not mscclc -D FROM_SPEC %s -o %t.json 2>&1 | FileCheck --check-prefix=SPEC %s
// RUN: not test -e %t.json
// RUN: mscclc -D VALID %s -o %t.json
// RUN: FileCheck --check-prefix=VALID %s < %t.json
// SPEC: program_name_not_utf8.cpp:30:{{[0-9]+}}: error: the program's name is not valid UTF-8 (byte 0xED at offset 5)
// VALID: "name": "caf{{\\u00e9|é}}-ring"
// A program's name with bytes that are not UTF-8 (a Latin-1 "é", a
// UTF-16 surrogate encoded as UTF-8): the plan's JSON is UTF-8, and the
// name would reach it with U+FFFD in their place. Refused, at the name;
// the same name in UTF-8 is written as it is.
#include <mscclpp/dsl.hpp>
#include <string>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void program_name_not_utf8(int num_ranks = 2) {
  AllGather collective(num_ranks, 1, false);
#if defined(VALID)
  CollectiveProgram program("caf\xc3\xa9-ring", collective, num_ranks);
#elif defined(FROM_SPEC)
  AlgoSpec spec{.name = "\xf0\x9f\x98\x80-\xed\xa0\x80",
                .collective = collective,
                .nranks_per_node = num_ranks,
                .world_size = num_ranks,
                .in_place = false,
                .instances = 1,
                .protocol = Protocol::Simple};
  CollectiveProgram program = CollectiveProgram::from_spec(spec);
#else
  std::string name = "caf";
  name += '\xe9';
  // expected-error@+1 {{the program's name is not valid UTF-8 (byte 0xE9 at offset 3): the plan's JSON would carry U+FFFD in its place; save the source as UTF-8, or write the character as a \u escape}}
  CollectiveProgram program(name + "-ring", collective, num_ranks);
#endif
  for (int r = 0; r < num_ranks; ++r) {
    Rank rank(r);
    rank.copy(rank.get_output_buffer().slice(r, r + 1),
              rank.get_input_buffer().slice(0, 1), {.tb = 0});
  }
}
