# Push-based ReduceScatter written with classes: rank r puts block p of
# its input into a scratch slot of rank p, nearest peers first, and each
# rank reduces its own block with the slots into its output. A PeerTable
# (built in its constructor) orders every rank's peers by ring distance
# from Peer objects, which derive from Endpoint; the slot a sender writes
# is its index among the owner's peers in rank order (bisect). A relaxed
# "ready" round at the start keeps a rank from writing a peer's scratch
# before the peer has finished reducing the previous launch.

import argparse
import bisect
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


class Endpoint:
    def __init__(self, s):
        self.self_rank = s


class Peer(Endpoint):
    def __init__(self, s, r, n):
        super().__init__(s)
        self.rank = r
        self.distance = min((r - s) % n, (s - r) % n)


class PeerTable:
    def __init__(self, n):
        self.nearest_first = []
        self.by_rank = []
        for s in range(n):
            ranks = [r for r in range(n) if r != s]
            peers = sorted((Peer(s, r, n) for r in ranks), key=lambda p: (p.distance, p.rank))
            self.nearest_first.append([p.rank for p in peers])
            self.by_rank.append(ranks)

    def slot(self, owner, sender):
        return bisect.bisect_left(self.by_rank[owner], sender)


def rs_push_classes(name, num_gpus, instances):
    n = num_gpus
    collective = ReduceScatter(n, 1, False)
    with CollectiveProgram(name, collective, n, instances=instances):
        table = PeerTable(n)
        chan = {(r, p): MemoryChannel(p, r) for r in range(n) for p in range(n) if p != r}
        scratch = [Buffer(r, n - 1) for r in range(n)]
        for r in range(n):
            for p in table.nearest_first[r]:
                chan[(r, p)].signal(tb=0, relaxed=True)
            for p in table.nearest_first[r]:
                chan[(r, p)].wait(tb=0, data_sync=SyncType.after, relaxed=True)
        for r in range(n):
            for p in table.nearest_first[r]:
                k = table.slot(p, r)
                chan[(r, p)].put(scratch[p][k : k + 1], Rank(r).get_input_buffer()[p : p + 1], tb=0)
                chan[(r, p)].signal(tb=0, data_sync=SyncType.before)
        for r in range(n):
            for p in table.nearest_first[r]:
                chan[(r, p)].wait(tb=0, data_sync=SyncType.after)
            slots = [scratch[r][k : k + 1] for k in range(n - 1)]
            Rank(r).reduce(
                Rank(r).get_input_buffer()[r : r + 1], slots, tb=0, dst_chunk=Rank(r).get_output_buffer()[0:1]
            )
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="rs_push_classes")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()

rs_push_classes(args.name, args.num_gpus, args.instances)
