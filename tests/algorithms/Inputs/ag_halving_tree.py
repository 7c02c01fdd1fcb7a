# All-gather by recursive halving, written as recursion: gather(lo, hi)
# first gathers each half of the ranks [lo, hi), then every rank puts the
# half-range of blocks it now holds straight into its partner's output
# buffer in the other half (memory channels, put + signal, then wait).
# In place, n a power of two, one thread block per rank. A "ready" round
# with every partner first keeps a launch from writing a partner's output
# before that partner has finished the previous launch.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ag_halving_tree(name, num_gpus, chunks, instances):
    n = num_gpus
    c = chunks
    assert n >= 2 and n & (n - 1) == 0
    collective = AllGather(n, c, True)
    with CollectiveProgram(name, collective, n, instances=instances):
        bits = [1 << k for k in range(n.bit_length() - 1)]
        channels = {}
        for r in range(n):
            for bit in bits:
                channels[(r, r ^ bit)] = MemoryChannel(r ^ bit, r)
        for r in range(n):
            for bit in bits:
                channels[(r, r ^ bit)].signal(tb=0, data_sync=SyncType.none)
        for r in range(n):
            for bit in bits:
                channels[(r, r ^ bit)].wait(tb=0, data_sync=SyncType.after)

        def gather(lo, hi):
            if hi - lo < 2:
                return
            mid = (lo + hi) // 2
            half = mid - lo
            gather(lo, mid)
            gather(mid, hi)
            for r in range(lo, hi):
                partner = r + half if r < mid else r - half
                start = lo if r < mid else mid
                ch = channels[(r, partner)]
                dst = Rank(partner).get_output_buffer()[start * c : (start + half) * c]
                src = Rank(r).get_output_buffer()[start * c : (start + half) * c]
                ch.put(dst, src, tb=0)
                ch.signal(tb=0, data_sync=SyncType.before)
            for r in range(lo, hi):
                partner = r + half if r < mid else r - half
                channels[(r, partner)].wait(tb=0, data_sync=SyncType.after)

        gather(0, n)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ag_halving_tree")
parser.add_argument("--num_gpus", type=int, default=8)
parser.add_argument("--chunks", type=int, default=1)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ag_halving_tree(args.name, args.num_gpus, args.chunks, args.instances)
