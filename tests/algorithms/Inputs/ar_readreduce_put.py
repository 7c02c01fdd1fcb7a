# All-reduce by reading: rank r owns blocks r*chunks..(r+1)*chunks-1,
# reduces each one by reading every peer's input through its memory channel
# (the first reduce writes the sum to the work buffer, the others accumulate
# there), then puts the sum to every peer in reverse peer order. Chunks are
# spread over `tbs` thread blocks; barriers join them before and after, and a
# relaxed opening round and a closing round guard the inputs.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ar_readreduce_put(name, num_gpus, chunks, tbs, inplace, instances):
    n = num_gpus
    cf = chunks
    collective = AllReduce(n, cf, inplace)
    with CollectiveProgram(name, collective, n, instances=instances):
        chans = {(r, p): MemoryChannel(p, r) for r in range(n) for p in range(n) if p != r}
        all_tbs = list(range(tbs))

        def peers(r):
            return [(r + k) % n for k in range(1, n)]

        for r in range(n):
            for p in peers(r):
                chans[(r, p)].signal(tb=0, relaxed=True)
            for p in peers(r):
                chans[(r, p)].wait(tb=0, data_sync=SyncType.after, relaxed=True)
            Rank(r).barrier(tb_list=all_tbs)
        for r in range(n):
            rank = Rank(r)
            inp = rank.get_input_buffer()
            work = inp if inplace else rank.get_output_buffer()
            for c in range(cf):
                i = r * cf + c
                t = c % tbs
                first = True
                for p in peers(r):
                    remote = Rank(p).get_input_buffer()[i:i + 1]
                    if first:
                        chans[(r, p)].reduce(inp[i:i + 1], [remote], tb=t, local_dst_chunk=work[i:i + 1])
                        first = False
                    else:
                        chans[(r, p)].reduce(work[i:i + 1], [remote], tb=t)
                for p in reversed(peers(r)):
                    pw = Rank(p).get_input_buffer() if inplace else Rank(p).get_output_buffer()
                    chans[(r, p)].put(pw[i:i + 1], work[i:i + 1], tb=t)
            rank.barrier(tb_list=all_tbs)
            for p in peers(r):
                chans[(r, p)].signal(tb=0, data_sync=SyncType.before)
            for p in peers(r):
                chans[(r, p)].wait(tb=0, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", default="ar_readreduce_put")
parser.add_argument("--num_gpus", type=int, default=5)
parser.add_argument("--chunks", type=int, default=2)
parser.add_argument("--tbs", type=int, default=2)
parser.add_argument("--inplace", type=int, default=0)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ar_readreduce_put(args.name, args.num_gpus, args.chunks, args.tbs, bool(args.inplace), args.instances)
