# All-reduce in place with owners of uneven share (the Python twin of
# ar_uneven_owners.cpp): in each pair of ranks the even one owns one chunk
# of the 2n and the odd one three; offsets by a running sum; each rank
# reduces its segment from every peer in breadth-first ring order and
# writes the sum back. A "ready" round first, a "done" round last.

import argparse
from collections import deque
from itertools import accumulate
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ring_order(self, n):
    visited = [False] * n
    order = []
    frontier = deque([self])
    visited[self] = True
    while frontier:
        r = frontier.popleft()
        if r != self:
            order.append(r)
        for nxt in ((r + 1) % n, (r + n - 1) % n):
            if not visited[nxt]:
                visited[nxt] = True
                frontier.append(nxt)
    return order


def ar_uneven_owners(name, num_gpus, instances):
    n = num_gpus
    collective = AllReduce(n, 2, True)
    with CollectiveProgram(name, collective, n, instances=instances):
        sizes = [2] * n
        for r in range(0, n - 1, 2):
            sizes[r] -= 1
            sizes[r + 1] += 1
        offsets = [0] + list(accumulate(sizes))[:-1]

        channels = {}
        for r in range(n):
            for p in range(n):
                if p != r:
                    channels[(r, p)] = MemoryChannel(p, r)
        for key in sorted(channels):
            channels[key].signal(tb=0, relaxed=True)
        for key in sorted(channels):
            channels[key].wait(tb=0, data_sync=SyncType.after, relaxed=True)

        for r in range(n):
            def segment(rank):
                return Rank(rank).get_input_buffer()[offsets[r] : offsets[r] + sizes[r]]

            own = segment(r)
            peers = ring_order(r, n)
            for p in peers:
                channels[(r, p)].reduce(own, [segment(p)], tb=0)
            for p in peers:
                channels[(r, p)].put(segment(p), own, tb=0)
            for p in peers:
                channels[(r, p)].signal(tb=0, data_sync=SyncType.before)
        for r in range(n):
            for p in ring_order(r, n):
                channels[(r, p)].wait(tb=0, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ar_uneven_owners")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ar_uneven_owners(args.name, args.num_gpus, args.instances)
