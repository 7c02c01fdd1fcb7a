# LL ring all-reduce: reduce-scatter around the ring with put_packets and
# packet reductions (fusing into respkt), then all-gather around the ring,
# forwarding received packets with read_put_packets and unpacking them.
# One thread block per chunk of a block (chunks), optional separate tbs for
# the all-gather phase; in-place or out-of-place.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ar_ring_pkt(name, num_gpus, chunks, inplace, instances, split_ag, auto_sync, fusion):
    n = num_gpus
    cf = chunks
    collective = AllReduce(n, cf, inplace)
    with CollectiveProgram(
        name,
        collective,
        n,
        instances=instances,
        protocol="LL",
        auto_sync=auto_sync,
        instr_fusion=fusion,
        use_double_scratch_buffer=True,
    ):
        scratch = [Buffer(r, 2 * (n - 1) * cf) for r in range(n)]
        ag_base = (n - 1) * cf
        nxt = lambda r: (r + 1) % n
        chans = {r: MemoryChannel(nxt(r), r) for r in range(n)}
        # the peers' channels back (so every rank has one channel in each direction)
        back = {r: MemoryChannel((r - 1) % n, r) for r in range(n)}

        for r in range(n):
            rank = Rank(r)
            inp = rank.get_input_buffer()
            res = inp if inplace else rank.get_output_buffer()
            ch = chans[r]
            for c in range(cf):
                tb = c
                ag_tb = cf + c if split_ag else c
                # step 0: send own block
                ch.put_packets(scratch[nxt(r)][c : c + 1], inp[r * cf + c : r * cf + c + 1], tb=tb)
                for s in range(1, n):
                    b = (r - s) % n
                    idx = b * cf + c
                    rank.reduce(
                        inp[idx : idx + 1],
                        [scratch[r][(s - 1) * cf + c : (s - 1) * cf + c + 1]],
                        tb=tb,
                        dst_chunk=res[idx : idx + 1],
                        packet=True,
                    )
                    if s < n - 1:
                        ch.put_packets(scratch[nxt(r)][s * cf + c : s * cf + c + 1], res[idx : idx + 1], tb=tb)
                    else:
                        ch.put_packets(scratch[nxt(r)][ag_base + c : ag_base + c + 1], res[idx : idx + 1], tb=tb)
                # all-gather: slot t holds block (r - t)
                for t in range(n - 1):
                    b = (r - t) % n
                    idx = b * cf + c
                    slot = ag_base + t * cf + c
                    rank.unpack_packets(res[idx : idx + 1], scratch[r][slot : slot + 1], tb=ag_tb)
                    if t < n - 2:
                        ch.read_put_packets(
                            scratch[nxt(r)][slot + cf : slot + cf + 1], scratch[r][slot : slot + 1], tb=ag_tb
                        )
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ar_ring_pkt")
parser.add_argument("--num_gpus", type=int, default=3)
parser.add_argument("--chunks", type=int, default=2)
parser.add_argument("--inplace", type=int, default=1)
parser.add_argument("--instances", type=int, default=1)
parser.add_argument("--split_ag", type=int, default=0)
parser.add_argument("--auto_sync", type=int, default=1)
parser.add_argument("--fusion", type=int, default=1)
args = parser.parse_args()
ar_ring_pkt(
    args.name, args.num_gpus, args.chunks, bool(args.inplace), args.instances, bool(args.split_ag), bool(args.auto_sync),
    bool(args.fusion),
)
