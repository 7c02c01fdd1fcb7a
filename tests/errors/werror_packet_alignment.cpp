// RUN: mscclc --verify -Werror %s
// RUN: %expect-error mscclc -Werror %s
// RUN: mscclc %s -o %t.json 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: mscclc sim %t.json --size 24 -w > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck --check-prefix=SIM %s < %t.out
// Packet ops under buffer_alignment 4: a chunk of 12 bytes carries one
// whole 8-byte LL16 payload and 4 bytes that no packet moves (a warning;
// -Werror makes it an error). The simulator shows the lost bytes.
// WARN: warning: rank 0 thread block 0: packet ops (this one and the plan's others) move whole 8-byte payloads (LL16, the executor's default packets), but buffer_alignment is 4, so a chunk's size or offset need not be a multiple of 8 bytes: the bytes after a chunk's last whole payload are never moved, and packets at an offset off 8 bytes are misaligned [-Wpacket-alignment]
// WARN: note: fix: set buffer_alignment to a multiple of 16, the default (8 keeps packets whole; 16 also keeps the executor's copies aligned, see -Wcopy-alignment)
// SIM: nothing wrote it
// SIM: verdict: fail
#include <mscclpp/dsl.hpp>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void werror_packet_alignment() {
  AllGather collective(2, 1, /*inplace=*/false);
  CollectiveProgram program("werror_packet_alignment", collective, 2,
                            {.protocol = Protocol::LL, .buffer_alignment = 4});
  std::vector<Buffer> scratch;
  for (int r = 0; r < 2; ++r)
    scratch.push_back(Buffer(r, 2));
  for (int r = 0; r < 2; ++r) {
    MemoryChannel channel(1 - r, r);
    Chunk in = Rank(r).get_input_buffer().slice(0, 1);
    // The copy to output[1] also starts 4 bytes from where its source does
    // (modulo 16), which the executor's copy gets wrong.
    // expected-error@+2 {{rank 1 thread block 0: the 0.9.0 executor copies (copy, gstore, and put, pws, pwsf and get through memory channels) in 4-byte words and 16-byte vectors}}
    // expected-note@+1 {{fix: set buffer_alignment to a multiple of 16 (the default)}}
    Rank(r).copy(Rank(r).get_output_buffer().slice(r, r + 1), in, {.tb = 0});
    // expected-error@+2 {{rank 0 thread block 0: packet ops (this one and the plan's others) move whole 8-byte payloads (LL16, the executor's default packets), but buffer_alignment is 4}}
    // expected-note@+1 {{fix: set buffer_alignment to a multiple of 16, the default (8 keeps packets whole; 16 also keeps the executor's copies aligned, see -Wcopy-alignment)}}
    channel.put_packets(scratch[1 - r].slice(r, r + 1), in, {.tb = 0});
  }
  for (int r = 0; r < 2; ++r)
    Rank(r).unpack_packets(Rank(r).get_output_buffer().slice(1 - r, 2 - r),
                           scratch[r].slice(1 - r, 2 - r), {.tb = 0});
}
