# Python twin of ar_noauto_split.cpp (see there for what it shows).
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ar_noauto_split(num_gpus, via_scratch, align):
    n = num_gpus
    collective = AllReduce(n, 1, True)
    with CollectiveProgram("ar_noauto_split", collective, n, protocol="Simple",
                           auto_sync=False, buffer_alignment=align):
        scratch = [Buffer(r, n) for r in range(n)]
        for r in range(n):
            rank = Rank(r)
            own = rank.get_input_buffer()[r : r + 1]
            peers = [p for p in range(n) if p != r]
            ch = [MemoryChannel(p, r) for p in peers]
            for c in ch:
                c.signal(tb=0, relaxed=True)
            for c in ch:
                c.wait(tb=0, data_sync=SyncType.after, relaxed=True)
            if via_scratch:
                to_scratch = [MemoryChannel(p, r) for p in peers]
                for k, c in enumerate(to_scratch):
                    p = peers[k]
                    c.put(scratch[p][r : r + 1], rank.get_input_buffer()[p : p + 1], tb=1)
                for c in to_scratch:
                    c.signal(tb=1, data_sync=SyncType.before)
                for c in to_scratch:
                    c.wait(tb=1, data_sync=SyncType.after)
                arrived = Semaphore(r, 0)
                arrived.release(tb=1, data_sync=SyncType.before)
                arrived.acquire(tb=0, data_sync=SyncType.after)
            for k, c in enumerate(ch):
                p = peers[k]
                if via_scratch:
                    rank.reduce(own, [scratch[r][p : p + 1]], tb=0)
                else:
                    c.reduce(own, [Rank(p).get_input_buffer()[r : r + 1]], tb=0)
            for k, c in enumerate(ch):
                c.put(Rank(peers[k]).get_input_buffer()[r : r + 1], own, tb=0)
            for c in ch:
                c.signal(tb=0, data_sync=SyncType.before)
            for c in ch:
                c.wait(tb=0)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--num_gpus", type=int, default=12)
parser.add_argument("--via_scratch", type=int, default=0)
parser.add_argument("--align", type=int, default=16)
args = parser.parse_args()
ar_noauto_split(args.num_gpus, bool(args.via_scratch), args.align)
