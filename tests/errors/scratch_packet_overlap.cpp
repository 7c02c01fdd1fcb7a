// RUN: mscclc --verify %s
// RUN: %expect-error mscclc -Werror=scratch-packet-overlap %s
// RUN: mscclc %s -o %t.bad.json 2> /dev/null
// RUN: not mscclc sim %t.bad.json 2>&1 | FileCheck --check-prefix=BAD %s
// BAD-COUNT-2: warning: {{.*}}[-Wscratch-packet-overlap]
// BAD-NOT: [-Wscratch-packet-overlap]
// BAD: accesses packet slots as plain memory
// BAD: verdict: fail
// RUN: mscclc %s -P plain_first=true -o %t.good.json 2>&1 | count 0
// RUN: mscclc sim %t.good.json | FileCheck --check-prefix=GOOD %s
// GOOD: verdict: pass
// RUN: mscclc %s -P via_port=true -Wno-port-put-packets -o %t.port.json 2>&1 | count 0
// An LL AllGather that receives the peer's chunk as packets in one scratch
// buffer and stages its own input in another. Packet ops address scratch
// at twice the offset, so with the packet buffer first (chunk 0, the
// bytes of plain chunks 0 and 1) the plain staging buffer (chunk 1) lies
// inside the packets; allocated the other way round (plain_first), the
// packets sit at chunk 1, bytes of plain chunks 2 and 3, clear of it.
// With via_port the staging buffer holds packets too (copy_packets, then
// a port channel's put_packets, which reads its source as packets), and
// nothing overlaps.
#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void scratch_packet_overlap(bool plain_first = false,
                                              bool via_port = false) {
  AllGather collective(2, 1, false);
  CollectiveProgram program("scratch_packet_overlap", collective, 2,
                            {.protocol = Protocol::LL});
  std::vector<Buffer> packets, staged;
  for (int r = 0; r < 2; ++r) {
    if (plain_first)
      staged.push_back(Buffer(r, 1));
    packets.push_back(Buffer(r, 1));
    if (!plain_first)
      staged.push_back(Buffer(r, 1));
  }
  for (int r = 0; r < 2; ++r) {
    const int peer = 1 - r;
    Rank rank(r);
    BaseBuffer in = rank.get_input_buffer(), out = rank.get_output_buffer();
    if (via_port) {
      // Packets staged by copy_packets, which a port channel's put_packets
      // ships as they are: every use of scratch is packets.
      PortChannel port(peer, r);
      rank.copy_packets(staged[r].slice(0, 1), in.slice(0, 1), {.tb = 0});
      port.put_packets(packets[peer].slice(0, 1), staged[r].slice(0, 1),
                       {.tb = 0});
      rank.copy(out.slice(r, r + 1), in.slice(0, 1), {.tb = 1});
    } else {
      MemoryChannel channel(peer, r);
      channel.put_packets(packets[peer].slice(0, 1), in.slice(0, 1),
                          {.tb = 0});
      rank.copy(staged[r].slice(0, 1), in.slice(0, 1), {.tb = 1});
      rank.copy(out.slice(r, r + 1), staged[r].slice(0, 1), {.tb = 1});
    }
    // One report for the mistake, though both packet ops meet the copy.
    // expected-warning@+2 {{rank 0 thread block 0: packets in scratch take twice the bytes of their chunks, so these packets share bytes with plain data kept in the same scratch (rank 0: the packets in scratch[0:1] take the bytes of plain scratch[0:2], and rank 0 thread block 1's copy keeps plain data in scratch[1:2])}}
    // expected-note@+1 {{fix: allocate the scratch buffers that hold plain data before the ones that hold packets: packet chunk j takes the bytes of plain chunks 2j and 2j+1, so packets placed after every plain chunk never share bytes with them}}
    rank.unpack_packets(out.slice(peer, peer + 1), packets[r].slice(0, 1),
                        {.tb = 0});
  }
}
