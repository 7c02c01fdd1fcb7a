// Designated initialisers out of declaration order: Clang warns (and notes
// the earlier field); mscclc still sets each field by name.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void designators_out_of_order(int n = 2) {
  AllReduce coll(n, 1, false);
  CollectiveProgram prog("t", coll, n);
  MemoryChannel ch(1, 0);
  MemoryChannel back(0, 1);
  ch.signal({.data_sync = SyncType::before, .tb = 0});
  back.wait({.tb = 0});
}
