// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A std::optional of a pipeline would have to record the pipeline's end at
// reset(), at assignment and at its own end; it is refused with the
// block form to write instead (it used to leave the pipeline open, so
// later ops were recorded inside it).
#include <mscclpp/dsl.hpp>
#include <optional>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void optional_pipeline(bool pipelined = true) {
  CollectiveProgram program("optional_pipeline", TestCollective(1, 4, 4), 1);
  std::optional<LoopIterationContext> loop; // expected-error {{std::optional<LoopIterationContext> is not supported: a LoopIterationContext lasts from its declaration to the end of its block, as Python's `with` block does; to make it conditional, write `if (cond) { LoopIterationContext x(...); body(); } else { body(); }` with the body in a function or lambda}}
  if (pipelined)
    loop.emplace(1024, 2);
  loop.reset();
}
