#include <mscclpp/dsl.hpp>
#include "helpers.hpp"
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void header_candidates() {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program("c", collective, pick("two"));
}
