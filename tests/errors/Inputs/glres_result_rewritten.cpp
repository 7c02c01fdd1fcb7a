// Two glres programs mscclc must not warn about (tests/errors/
// glres_drops_result.cpp): a dropped staging chunk written again before
// it is read, and an in-place ReduceScatter whose reduce names rank r's
// output chunk 0 while the broadcast stores input chunk r, the same
// memory.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void glres_staging_reused() {
  AllReduce collective(2, 2, true);
  CollectiveProgram program("glres_staging_reused", collective, 2);
  SwitchChannel inputs({0, 1}, BufferType::input);
  for (int r = 0; r < 2; ++r) {
    Buffer staging(r, 1);
    inputs.at_rank(r).reduce(2 * r, 1, staging.slice(0, 1), {.tb = 0});
    inputs.at_rank(r).broadcast(staging.slice(0, 1), 2 * r, 1, {.tb = 0});
    Chunk other = Rank(r).get_input_buffer().slice(2 * r + 1, 2 * r + 2);
    Rank(r).copy(staging.slice(0, 1), other, {.tb = 0});
    Rank(r).copy(other, staging.slice(0, 1), {.tb = 0});
  }
}

MSCCLPP_ALGORITHM void glres_inplace_reducescatter() {
  ReduceScatter collective(2, 1, true);
  CollectiveProgram program("glres_inplace_reducescatter", collective, 2);
  SwitchChannel inputs({0, 1}, BufferType::input);
  for (int r = 0; r < 2; ++r) {
    Chunk out = Rank(r).get_output_buffer().slice(0, 1);
    inputs.at_rank(r).reduce(r, 1, out, {.tb = 0});
    inputs.at_rank(r).broadcast(out, r, 1, {.tb = 0});
  }
}
