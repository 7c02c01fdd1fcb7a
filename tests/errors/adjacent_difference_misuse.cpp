// RUN: rm -f %t.json
// RUN: %expect-error mscclc -P mode=1 %s
// RUN: not mscclc -P mode=1 %s -o %t.json 2>&1 | FileCheck --check-prefix=AHEAD %s
// RUN: not mscclc -P mode=2 %s -o %t.json 2>&1 | FileCheck --check-prefix=SHORT %s
// RUN: not mscclc -P mode=3 %s -o %t.json 2>&1 | FileCheck --check-prefix=OP %s
// RUN: not test -e %t.json
// RUN: mscclc -P mode=0 %s -o %t.json
// std::adjacent_difference with a destination that starts inside the
// range after its first element (each difference would overwrite an
// element not yet read), a destination too short, and an operation mscclc
// does not model: each refused at the argument, as std::partial_sum's are.
// AHEAD: adjacent_difference_misuse.cpp:[[@LINE+17]]:46: error: std::adjacent_difference writes into the range it reads, ahead of where it reads
// SHORT: adjacent_difference_misuse.cpp:[[@LINE+18]]:66: error: std::adjacent_difference writes 4 element(s) from position 0 of a std::vector of 2
// OP: adjacent_difference_misuse.cpp:[[@LINE+20]]:30: error: std::adjacent_difference takes std::plus, std::minus
#include <functional>
#include <numeric>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void adjacent_difference_misuse(int mode = 0) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("adjacent_difference_misuse", collective, 1);
  std::vector<int> offsets = {0, 2, 5, 9}, sizes(4), few(2);
  if (mode == 0)
    std::adjacent_difference(offsets.begin(), offsets.end(), sizes.begin());
  if (mode == 1)
    std::adjacent_difference(offsets.begin(), offsets.end() - 1,
                             offsets.begin() + 1);
  if (mode == 2)
    std::adjacent_difference(offsets.begin(), offsets.end(), few.begin());
  if (mode == 3)
    std::adjacent_difference(offsets.begin(), offsets.end(), sizes.begin(),
                             std::modulus<int>());
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = sizes[1] - 2});
}
