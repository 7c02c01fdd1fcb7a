// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// A throw of a value of the program's own type, reached inside a lambda:
// the compile stops at the throw, showing the value thrown.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

struct BadPeer {
  int rank, peer;
};

MSCCLPP_ALGORITHM void throw_reached_value(int num_gpus = 4) {
  AllGather collective(num_gpus, 1, true);
  CollectiveProgram program("p", collective, num_gpus);
  auto peerOf = [&](int r, int k) {
    int p = r + k;
    if (p >= num_gpus)
      throw BadPeer{r, p}; // expected-error {{the algorithm throws 'BadPeer' {2, 4}, which nothing in algorithm code can catch: the compile stops here}}
    return p;
  };
  for (int r = 0; r < num_gpus; ++r)
    MemoryChannel(peerOf(r, 2), r); // expected-note {{in call to 'lambda(2, 2)'}}
}
