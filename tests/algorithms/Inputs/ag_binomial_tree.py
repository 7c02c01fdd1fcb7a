# Out-of-place all-gather on a binomial tree: every rank's block is
# gathered up the tree to rank 0 (each child pushes its subtree's blocks to
# its parent, deepest edges first), then rank 0's full output is pushed
# down the same edges.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ag_binomial_tree(name, n):
    collective = AllGather(n, 1, False)
    with CollectiveProgram(name, collective, n):
        edges = []

        def build(root, lo, hi):
            if hi - lo <= 1:
                return
            mid = lo + (hi - lo + 1) // 2
            edges.append((root, mid, mid, hi))
            build(mid, mid, hi)
            build(root, lo, mid)

        build(0, 0, n)
        ch = {}
        for p, c, lo, hi in edges:
            if (p, c) not in ch:
                ch[(p, c)] = MemoryChannel(c, p)
            if (c, p) not in ch:
                ch[(c, p)] = MemoryChannel(p, c)
        out = lambda r, lo, hi: Rank(r).get_output_buffer()[lo:hi]
        for r in range(n):
            Rank(r).copy(out(r, r, r + 1), Rank(r).get_input_buffer()[0:1], tb=0)
        for p, c, lo, hi in reversed(edges):
            up = ch[(c, p)]
            up.put(out(p, lo, hi), out(c, lo, hi), tb=0)
            up.signal(tb=0, data_sync=SyncType.before)
            ch[(p, c)].wait(tb=0, data_sync=SyncType.after)
        for p, c, lo, hi in edges:
            down = ch[(p, c)]
            down.put(out(c, 0, n), out(p, 0, n), tb=0)
            down.signal(tb=0, data_sync=SyncType.before)
            ch[(c, p)].wait(tb=0, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ag_binomial_tree")
parser.add_argument("--num_gpus", type=int, default=8)
args = parser.parse_args()
ag_binomial_tree(args.name, args.num_gpus)
