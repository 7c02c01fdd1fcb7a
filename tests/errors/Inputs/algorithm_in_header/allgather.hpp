// An algorithm defined in a header (algorithm_in_header.test compiles
// the file that includes it).
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void header_allgather(int num_ranks = 2) {
  AllGather collective(num_ranks, 1, /*inplace=*/false);
  CollectiveProgram program("header_allgather", collective, num_ranks);
  for (int r = 0; r < num_ranks; ++r)
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1),
                 Rank(r).get_input_buffer().slice(0, 1), {.tb = 0});
}
