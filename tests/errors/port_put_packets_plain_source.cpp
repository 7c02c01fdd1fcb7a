// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=port-put-packets-source %s
// RUN: mscclc %s -o %t.json 2>&1 | FileCheck %s
// RUN: not mscclc sim %t.json --runs 1 2>&1 | FileCheck %s --check-prefix=SIM
// SIM: result: rank {{[0-9]+}} tb 1 op 0 (ppkt): the port proxy's copy for this op reaches outside a buffer
// put_packets over a port channel is a raw copy of packet space on the
// executor: from the plain input buffer it sends garbage (and twice the
// bytes) to the peer. The plan is still made (the reference makes it, as
// for the executor's other defects) with a warning that gives the fix.
// CHECK: warning: rank 0 thread block 1: put_packets over a port channel copies its source as packets
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void port_put_packets_plain_source(int n = 2) {
  CollectiveProgram prog("p", AllGather(n, 1, false), n,
                         {.protocol = Protocol::LL});
  std::vector<Buffer> landing;
  for (int r = 0; r < n; ++r)
    landing.push_back(Buffer(r, n));
  for (int r = 0; r < n; ++r)
    for (int p = 0; p < n; ++p)
      if (p != r) {
        // expected-warning@+2 {{put_packets over a port channel copies its source as packets (twice its size, from packet offsets), but the source holds no packets (it is in the input buffer)}}
        // expected-note@+1 {{fix: copy_packets into scratch, then read_put_packets over the port channel}}
        PortChannel(p, r).put_packets(landing[p].slice(r, r + 1),
                                      Rank(r).get_input_buffer().slice(0, 1),
                                      {.tb = 1});
        Rank(p).unpack_packets(Rank(p).get_output_buffer().slice(r, r + 1),
                               landing[p].slice(r, r + 1), {.tb = 0});
      }
}
