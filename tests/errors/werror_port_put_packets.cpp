// RUN: mscclc -Wno-rank-without-threadblocks --verify -Werror %s
// RUN: %expect-error mscclc -Wno-rank-without-threadblocks -Werror %s
// put_packets over a port channel, even from packets in scratch, reads
// from the wrong memory on the 0.9 executor (a warning; -Werror makes it an
// error). From a plain buffer it is wrong anyway:
// port_put_packets_plain_source.cpp.
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void werror_port_put_packets() {
  TestCollective collective(2, 1, 1);
  CollectiveProgram program("werror_port_put_packets", collective, 2,
                            {.protocol = Protocol::LL});
  PortChannel ch(1, 0);
  Buffer scratch(1, 1);
  Buffer packets(0, 1);
  // expected-error@+2 {{rank 0 thread block 0: put_packets over a port channel reads from the wrong memory on the 0.9 executor when more than one plan uses its proxy [-Werror,-Wport-put-packets]}}
  // expected-note@+1 {{fix: copy_packets into scratch, then read_put_packets over the port channel}}
  ch.put_packets(scratch.slice(0, 1), packets.slice(0, 1), {.tb = 0});
}
