// RUN: rm -f %t.json
// RUN: %expect-error mscclc -P mode=1 %s
// RUN: not mscclc -P mode=1 %s -o %t.json 2>&1 | FileCheck --check-prefix=SHORT %s
// RUN: not mscclc -P mode=2 %s -o %t.json 2>&1 | FileCheck --check-prefix=OP %s
// RUN: not mscclc -P mode=3 %s -o %t.json 2>&1 | FileCheck --check-prefix=ITER %s
// RUN: not test -e %t.json
// RUN: mscclc -P mode=0 %s -o %t.json
// std::inner_product with a second range shorter than the first, an
// operation mscclc does not model, and reverse iterators (only the
// algorithms that read a range one way take them): each refused, located.
// SHORT: inner_product_misuse.cpp:[[@LINE+17]]:51: error: std::inner_product reads 3 element(s) of its second range from position 0 of a container of 2
// OP: inner_product_misuse.cpp:[[@LINE+19]]:47: error: std::inner_product takes std::plus
// ITER: inner_product_misuse.cpp:[[@LINE+20]]:10: error: std::inner_product on this iterator is not supported in algorithm code
#include <functional>
#include <numeric>
#include <vector>
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void inner_product_misuse(int mode = 0) {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("inner_product_misuse", collective, 1);
  std::vector<int> a = {1, 2, 3}, b = {4, 5};
  int tb = 0;
  if (mode == 0)
    tb = std::inner_product(a.begin(), a.begin() + 2, b.begin(), 0) - 14;
  if (mode == 1)
    tb = std::inner_product(a.begin(), a.end(), b.begin(), 0);
  if (mode == 2)
    tb = std::inner_product(a.begin(), a.end(), a.begin(), 0,
                            std::plus<int>(), std::modulus<int>());
  if (mode == 3)
    tb = std::inner_product(a.rbegin(), a.rend(), b.begin(), 0);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = tb});
}
