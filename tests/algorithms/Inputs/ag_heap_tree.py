# All-gather in place, ordered by a heap and a tree (the Python twin of
# ag_heap_tree.cpp): peers numbered by offset o = (p - r) mod n form a
# binary heap tree; a channel runs on the thread block of its offset's
# depth (breadth-first walk), puts go nearest ring distance first (heapq),
# the final waits follow a depth-first walk. A "ready" round first.

import argparse
import heapq
from collections import deque
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ag_heap_tree(name, num_gpus, chunks, instances):
    n = num_gpus
    c = chunks
    collective = AllGather(n, c, True)
    with CollectiveProgram(name, collective, n, instances=instances):
        depth = [0] * n
        frontier = deque([1])
        while n > 1 and frontier:
            o = frontier.popleft()
            for child in (2 * o, 2 * o + 1):
                if child < n:
                    depth[child] = depth[o] + 1
                    frontier.append(child)

        def tb_of(r, p):
            return depth[(p - r) % n]

        channels = {}
        for r in range(n):
            for p in range(n):
                if p != r:
                    channels[(r, p)] = MemoryChannel(p, r)
        for key in sorted(channels):
            channels[key].signal(tb=tb_of(*key), data_sync=SyncType.none)
        for key in sorted(channels):
            channels[key].wait(tb=tb_of(*key), data_sync=SyncType.after)

        for r in range(n):
            heap = []
            for p in range(n):
                if p != r:
                    d = (p - r) % n
                    heapq.heappush(heap, (min(d, n - d), p))
            own = Rank(r).get_output_buffer()[r * c : (r + 1) * c]
            while heap:
                _, p = heapq.heappop(heap)
                ch = channels[(r, p)]
                ch.put(Rank(p).get_output_buffer()[r * c : (r + 1) * c], own, tb=tb_of(r, p))
                ch.signal(tb=tb_of(r, p), data_sync=SyncType.before)

        for r in range(n):
            pending = [1] if n > 1 else []
            while pending:
                o = pending.pop()
                p = (r + o) % n
                channels[(r, p)].wait(tb=tb_of(r, p), data_sync=SyncType.after)
                for child in (2 * o, 2 * o + 1):
                    if child < n:
                        pending.append(child)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ag_heap_tree")
parser.add_argument("--num_gpus", type=int, default=6)
parser.add_argument("--chunks", type=int, default=1)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ag_heap_tree(args.name, args.num_gpus, args.chunks, args.instances)
