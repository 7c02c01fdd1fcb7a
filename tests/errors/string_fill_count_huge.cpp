// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s 2>&1 | FileCheck %s
// CHECK: string_fill_count_huge.cpp:[[@LINE+11]]:{{[0-9]+}}: error: string would be 18446744073709551615 bytes long, more than the limit of
// std::string(count, c) and append(count, c) with a count from the
// program (here -1, which size_type makes the largest count): the string
// limit stops it before anything is allocated (C++ throws length_error).
#include <string>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void string_fill_count_huge(int count = -1) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("c", collective, 1);
  std::string fill(count, 'x'); // expected-error {{string would be 18446744073709551615 bytes long, more than the limit of 1048576}}
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = int(fill.size())});
}
