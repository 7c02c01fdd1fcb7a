#include <mscclpp/dsl.hpp>
#include "noguard.hpp"
#include "noguard.hpp"
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void header_included_twice() {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program("h", collective, twice(1));
}
