# All-gather, nearest peers first: every rank puts its block straight into
# each peer's output buffer over a memory channel and signals it, visiting
# its peers in order of ring distance, then waits for its peers' signals
# farthest first. One thread block per rank. A "ready" round first (each
# rank signals all its peers and waits for theirs) keeps a launch from
# writing a peer's output before that peer has finished the previous one.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ag_nearest_first(name, num_gpus, chunks, inplace, instances):
    n = num_gpus
    c = chunks

    def ring_distance(a, b):
        d = (a - b) % n
        return min(d, n - d)

    collective = AllGather(n, c, inplace)
    with CollectiveProgram(name, collective, n, instances=instances):
        channels = {}
        for r in range(n):
            for p in range(n):
                if p != r:
                    channels[(r, p)] = MemoryChannel(p, r)
        for key in sorted(channels):
            channels[key].signal(tb=0, data_sync=SyncType.none)
        for key in sorted(channels):
            channels[key].wait(tb=0, data_sync=SyncType.after)
        for r in range(n):
            peers = sorted((p for p in range(n) if p != r), key=lambda p: ring_distance(r, p))
            own = Rank(r).get_output_buffer()[r * c : (r + 1) * c]
            if not inplace:
                Rank(r).copy(own, Rank(r).get_input_buffer()[0:c], tb=0)
            for p in peers:
                ch = channels[(r, p)]
                ch.put(Rank(p).get_output_buffer()[r * c : (r + 1) * c], own, tb=0)
                ch.signal(tb=0, data_sync=SyncType.before)
        for r in range(n):
            hops = sorted(((ring_distance(r, p), p) for p in range(n) if p != r), reverse=True)
            for _, p in hops:
                channels[(r, p)].wait(tb=0, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ag_nearest_first")
parser.add_argument("--num_gpus", type=int, default=5)
parser.add_argument("--chunks", type=int, default=1)
parser.add_argument("--inplace", type=int, default=0)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ag_nearest_first(args.name, args.num_gpus, args.chunks, bool(args.inplace), args.instances)
