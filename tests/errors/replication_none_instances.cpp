// RUN: mscclc --verify %s
// RUN: mscclc %s -o %t.json 2> %t.err
// RUN: FileCheck %s --input-file %t.err
// CHECK: warning: replication_policy none with instances = 2 {{.*}}[-Wreplication-none]
// RUN: mscclc %s -Wno-replication-none -o %t2.json 2> %t2.err
// RUN: not grep -q "replication-none" %t2.err
// ReplicationPolicy::none keeps every chunk index, so each instance repeats
// the same ops on the same bytes with nothing ordering them: the writes of
// the two instances race (`mscclc sim` reports them). A warning at the
// first op that writes, with a note at the program.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void replication_none(int n = 2) {
  AllGather collective(n, 1, true);
  // expected-note@+1 {{the program sets instances = 2 and replication_policy none here}}
  CollectiveProgram program("none", collective, n,
                            {.instances = 2,
                             .replication_policy = ReplicationPolicy::none});
  for (int r = 0; r < n; ++r) {
    Rank(r).barrier({0});
    for (int p = 0; p < n; ++p)
      if (p != r) {
        MemoryChannel ch(p, r);
        // expected-warning@+1 {{replication_policy none with instances = 2 leaves every chunk index unchanged}}
        ch.put(Rank(p).get_output_buffer().slice(r, r + 1),
               Rank(r).get_output_buffer().slice(r, r + 1), {.tb = 0});
        ch.signal({.tb = 0});
        MemoryChannel back(r, p);
        back.wait({.tb = 0});
      }
  }
}
