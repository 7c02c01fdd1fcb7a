// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// tb_list() is a copy of the group's thread blocks: indexing past its end
// is an error, as Python's IndexError.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void tb_list_index_out_of_range() {
  AllGather collective(2, 1, true);
  CollectiveProgram program("p", collective, 2);
  ThreadBlockGroup group({0, 1});
  std::vector<int> tbs = group.tb_list();
  // expected-error@+1 {{index 2 is out of bounds for a container of 2 elements}}
  Rank(0).barrier({tbs[0], tbs[1], tbs[2]});
}
