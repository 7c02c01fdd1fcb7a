// A pipeline declared in the init statement of an if, a switch, a for or a
// range-for ends with that statement, where C++ destroys it: the copy
// after the statement is outside the pipeline (it was recorded inside,
// as if the pipeline lasted to the end of the enclosing block).
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

static void copyChunk(int index) {
  Rank(0).copy(Rank(0).get_output_buffer().slice(index, index + 1),
               Rank(0).get_input_buffer().slice(index, index + 1), {.tb = 0});
}

MSCCLPP_ALGORITHM void pipeline_init_statement(int form = 0) {
  CollectiveProgram program("pipeline_init_statement", TestCollective(1, 4, 4),
                            1);
  std::vector<int> first{0};
  if (form == 0) {
    if (LoopIterationContext loop(4096, 1); form == 0)
      copyChunk(0);
  } else if (form == 1) {
    switch (LoopIterationContext loop(4096, 1); form) {
    default:
      copyChunk(0);
    }
  } else if (form == 2) {
    for (LoopIterationContext loop(4096, 1); int index : first)
      copyChunk(index);
  } else {
    for (LoopIterationContext loop(4096, 1); form == 3;) {
      copyChunk(0);
      break;
    }
  }
  copyChunk(1);
}
