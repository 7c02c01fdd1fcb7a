// A case label inside a loop of its switch (Duff's device): C++ jumps
// into the loop; mscclc refuses it rather than skip the label. `mode`
// picks which label is nested; mode 0 has every label at the top.
#include <mscclpp/dsl.hpp>
#include <cstdio>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void switch_nested_label(int mode = 0, int x = 1) {
  long total = 0;
  for (int i = 0; i < 8; ++i) {
    switch (i % 4) {
    case 1:
      continue;
    case 2:
    case 3:
      total += 10;
      break;
    default:
      total += i;
    }
  }
  if (mode == 1) {
    int i = 0;
    switch (x) {
    case 0:
      while (i < 3) {
      case 1:
        total += 1000;
        ++i;
      }
    }
  }
  if (mode == 2) {
    switch (x) {
    case 0: {
    default:
      total += 1;
    }
    }
  }
  std::printf("total %ld\n", total);
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("switch_nested_label", collective, 1);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
