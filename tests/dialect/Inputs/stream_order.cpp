// std::cout chains whose operands print, printed natively (libstdc++) and
// by mscclc: the lines must be the same (tests/dialect/stream_order.test).
// C++17 sequences each `<<` before the next operand is evaluated; before,
// mscclc evaluated every operand of the chain first, so what an operand
// printed came before the chain's earlier text.
#include <cstdio>
#include <iostream>

static int traced(int v) {
  std::printf("[t%d]", v);
  return v;
}

static void body() {
  std::cout << "so " << traced(1) << " " << traced(2) << std::endl;
  std::cout << "so " << 3 << traced(4) << "\n" << std::flush;
  std::printf("so end\n");
}

#include "native_compare.h"
NATIVE_COMPARED_ALGORITHM(stream_order)
