# AllToAll (out of place, put) whose peer order and thread-block numbering
# come from small closures: a counter that hands out thread blocks, a peer
# order chosen by `order`, and a snapshot of the rank's plan taken before it
# is extended (the snapshot must not see the later additions).
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def peer_order(r, n, order):
    if order == "forward":
        return [(r + s) % n for s in range(1, n)]
    if order == "backward":
        return [(r - s) % n for s in range(1, n)]
    # interleaved: r+1, r-1, r+2, r-2, ... without repeats
    seen, peers = set(), []
    for s in range(1, n):
        for cand in ((r + s) % n, (r - s) % n):
            if cand != r and cand not in seen:
                seen.add(cand)
                peers.append(cand)
    return peers


def alltoall_closures(name, n, cf, order, first_tb, instances):
    collective = AllToAll(n, cf, False)
    with CollectiveProgram(name, collective, n, instances=instances):
        syncs = [SyncType.before, SyncType.after]
        for r in range(n):
            rank = Rank(r)
            inp, out = rank.get_input_buffer(), rank.get_output_buffer()
            counter = [first_tb]

            def next_tb():
                t = counter[0]
                counter[0] += 1
                return t

            peers = peer_order(r, n, order)
            snapshot = list(peers)  # taken now
            peers.append(r)  # the local block goes last
            tbs = {}
            for p in peers:
                tbs[p] = next_tb()
            for p in snapshot:
                tb = tbs[p]
                ch = MemoryChannel(p, r)
                ch.signal(tb, relaxed=True)
                ch.wait(tb, data_sync=syncs[1], relaxed=True)
                ch.put(Rank(p).get_output_buffer()[r * cf : (r + 1) * cf], inp[p * cf : (p + 1) * cf], tb)
                ch.signal(tb, data_sync=syncs[0])
                ch.wait(tb, data_sync=syncs[1])
            rank.copy(out[r * cf : (r + 1) * cf], inp[r * cf : (r + 1) * cf], tb=tbs[r])
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="alltoall_closures")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunk_factor", type=int, default=1)
parser.add_argument("--order", type=str, default="forward", choices=["forward", "backward", "interleaved"])
parser.add_argument("--first_tb", type=int, default=0)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()

alltoall_closures(args.name, args.num_gpus, args.chunk_factor, args.order, args.first_tb, args.instances)
