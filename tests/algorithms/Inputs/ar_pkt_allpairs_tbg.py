# LL all-pairs all-reduce with a thread-block group: every rank puts
# each peer's block into that peer's scratch as packets (one thread block per
# peer), a group of `gsize` thread blocks reduces the packets into the rank's
# own block and puts the sum to every peer's second scratch half as packets,
# and per-peer thread blocks unpack the sums into the work buffer. Double
# scratch buffer, so back-to-back launches alternate halves.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.thread_block_group import *


def ar_pkt_allpairs_tbg(name, num_gpus, chunks, gsize, inplace, instances):
    n = num_gpus
    cf = chunks
    collective = AllReduce(n, cf, inplace)
    with CollectiveProgram(name, collective, n, instances=instances, protocol="LL", use_double_scratch_buffer=True):
        scratch = [Buffer(r, 2 * n * cf) for r in range(n)]
        chans = {(r, p): MemoryChannel(p, r) for r in range(n) for p in range(n) if p != r}
        grp = ThreadBlockGroup(tb_list=[n - 1 + j for j in range(gsize)])
        for r in range(n):
            rank = Rank(r)
            inp = rank.get_input_buffer()
            for k in range(1, n):
                p = (r + k) % n
                chans[(r, p)].put_packets(scratch[p][r * cf:(r + 1) * cf], inp[p * cf:(p + 1) * cf], tb=k - 1)
        for r in range(n):
            rank = Rank(r)
            inp = rank.get_input_buffer()
            work = inp if inplace else rank.get_output_buffer()
            srcs = [scratch[r][s * cf:(s + 1) * cf] for s in range(n) if s != r]
            rank.reduce(inp[r * cf:(r + 1) * cf], srcs, tb_group=grp, dst_chunk=work[r * cf:(r + 1) * cf], packet=True)
            for k in range(1, n):
                p = (r + k) % n
                chans[(r, p)].put_packets(scratch[p][n * cf + r * cf:n * cf + (r + 1) * cf], work[r * cf:(r + 1) * cf], tb_group=grp)
        for r in range(n):
            rank = Rank(r)
            work = rank.get_input_buffer() if inplace else rank.get_output_buffer()
            for k in range(1, n):
                p = (r - k) % n
                rank.unpack_packets(work[p * cf:(p + 1) * cf], scratch[r][n * cf + p * cf:n * cf + (p + 1) * cf], tb=k - 1)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", default="ar_pkt_allpairs_tbg")
parser.add_argument("--num_gpus", type=int, default=5)
parser.add_argument("--chunks", type=int, default=2)
parser.add_argument("--gsize", type=int, default=2)
parser.add_argument("--inplace", type=int, default=0)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ar_pkt_allpairs_tbg(args.name, args.num_gpus, args.chunks, args.gsize, bool(args.inplace), args.instances)
