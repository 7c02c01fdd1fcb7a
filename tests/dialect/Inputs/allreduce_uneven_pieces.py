# 2-rank AllReduce in place: each rank copies its whole input into the
# peer's scratch, reduces its own half, and puts the reduced half back in
# pieces cut at `cuts` (a repeated cut makes a piece of size 0), rank r
# starting at piece r. The same program as allreduce_uneven_pieces.cpp.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *

ap = argparse.ArgumentParser()
ap.add_argument("--half", type=int, default=4)
ap.add_argument("--cuts", type=int, nargs="*", default=[2, 2])
a = ap.parse_args()
half = a.half
with CollectiveProgram("allreduce_uneven_pieces", AllReduce(2, half, True), 2):
    ch = [MemoryChannel(1 - r, r) for r in range(2)]
    scratch = [Buffer(r, 2 * half) for r in range(2)]
    for r in range(2):
        peer = 1 - r
        mine = Rank(r).get_input_buffer()
        theirs = Rank(peer).get_input_buffer()
        ch[r].signal(tb=0, relaxed=True)
        ch[r].wait(tb=0, relaxed=True, data_sync=SyncType.after)
        ch[r].put(scratch[peer][0:2 * half], mine[0:2 * half], tb=0)
        ch[r].signal(tb=0, data_sync=SyncType.before)
        ch[r].wait(tb=0, data_sync=SyncType.after)
        lo = r * half
        Rank(r).reduce(mine[lo:lo + half], [scratch[r][lo:lo + half]], tb=0)
        bounds = [0] + a.cuts + [half]
        pieces = list(zip(bounds, bounds[1:]))
        start = r % len(pieces)
        for a_, b_ in pieces[start:] + pieces[:start]:
            ch[r].put(theirs[lo + a_:lo + b_], mine[lo + a_:lo + b_], tb=0)
        ch[r].signal(tb=0, data_sync=SyncType.before)
        ch[r].wait(tb=0, data_sync=SyncType.after)
    print(JSON())
