# AllGather with peers grouped by ring distance, one thread block per
# group: rank r sends its chunk to every peer, nearest group first; even
# ranks visit a group's peers in ascending rank order, odd ranks in
# descending order. A relaxed handshake round first (every peer signalled,
# then awaited), then the puts, each followed by a signal, then the waits
# for the peers' data. One channel per (rank, peer), made up front. The C++ version builds the same schedule with
# iterators (map and vector iterators, reverse iterators, erase while
# iterating, std::distance); this one with dicts and lists.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ring_distance(a, b, n):
    return min((a - b) % n, (b - a) % n)


def ag_iter_groups(name, num_gpus, instances):
    n = num_gpus
    collective = AllGather(n, 1, True)
    with CollectiveProgram(name, collective, n, instances=instances, protocol="Simple"):
        chan = {(r, p): MemoryChannel(p, r) for r in range(n) for p in range(n) if p != r}
        for r in range(n):
            peers = [p for p in range(n) if p != r]
            groups = {}
            for p in peers:
                groups.setdefault(ring_distance(r, p, n), []).append(p)
            schedule = []
            for tb, d in enumerate(sorted(groups)):
                order = groups[d] if r % 2 == 0 else list(reversed(groups[d]))
                schedule.append((tb, order))
            mine = Rank(r).get_output_buffer()[r : r + 1]
            for tb, order in schedule:
                for p in order:
                    chan[(r, p)].signal(tb=tb, relaxed=True)
                for p in order:
                    chan[(r, p)].wait(tb=tb, data_sync=SyncType.after, relaxed=True)
                for p in order:
                    ch = chan[(r, p)]
                    ch.put(Rank(p).get_output_buffer()[r : r + 1], mine, tb=tb)
                    ch.signal(tb=tb, data_sync=SyncType.before)
                for p in order:
                    chan[(r, p)].wait(tb=tb, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ag_iter_groups")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()

ag_iter_groups(args.name, args.num_gpus, args.instances)
