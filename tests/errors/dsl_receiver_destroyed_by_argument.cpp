// RUN: mscclc --verify %s
// RUN: %expect-error mscclc %s
// RUN: env MSCCLC_NO_FAST_ROUTES=1 MSCCLC_NO_FAST_INTEGERS=1 mscclc --verify %s
// A DSL method called on an element of a vector whose argument grows the
// vector: C++ evaluates the object before the arguments, and the push_back
// destroys it (the call is undefined). mscclc uses the object in place and
// reports it at the call, with the push_back.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

static int grow(std::vector<MemoryChannel> &chans, int peer) {
  chans.push_back(MemoryChannel(peer, 0)); // expected-note {{push_back here}}
  return 0;
}

MSCCLPP_ALGORITHM void dsl_receiver_destroyed_by_argument() {
  AllGather collective(2, 1, false);
  CollectiveProgram program("dsl_receiver_destroyed_by_argument", collective,
                            2);
  std::vector<MemoryChannel> chans;
  chans.push_back(MemoryChannel(1, 0));
  // expected-error@+1 {{the object this call is made on was destroyed or moved while its arguments were evaluated (push_back); evaluate the arguments into variables first}}
  chans[0].signal({.tb = grow(chans, 1)});
  chans[0].wait({.tb = 0});
}
