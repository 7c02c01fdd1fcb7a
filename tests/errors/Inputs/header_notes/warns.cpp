#include <mscclpp/dsl.hpp>
#include "helpers.hpp"
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void header_warns() {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program("w", collective, 2);
  for (int r = 0; r < 2; ++r)
    for (int p = 0; p < 2; ++p)
      Rank(r).copy(Rank(r).get_output_buffer().slice(p, p + 1),
                   Rank(r).get_input_buffer().slice(0, 1), {.tb = 0});
}
