# One-shot LL all-reduce with thread-block groups and a semaphore hand-off.
# Rank r owns block r (chunks chunks). A group of tbg thread blocks sends
# every peer its block as packets (put_packets into the peer's scratch slot
# for r) and reduces the packets it receives into its own block in place
# (packet reduce, reduce_op sum/min/max). Each member releases a semaphore;
# one more thread block acquires it once per member, then puts the reduced
# block straight into every peer's input over a second set of memory
# channels and closes with a signal/wait round, so no peer starts the next
# launch before every result has landed.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.thread_block_group import *


def ar_tbg_semaphore(name, num_gpus, chunks, tbg, reduce_op, double_scratch, instances):
    n = num_gpus
    cf = chunks
    op = {"sum": ReduceOperationType.sum, "min": ReduceOperationType.min, "max": ReduceOperationType.max}[reduce_op]
    collective = AllReduce(n, cf, True)
    with CollectiveProgram(
        name,
        collective,
        n,
        instances=instances,
        protocol="LL",
        use_double_scratch_buffer=double_scratch,
    ):
        scratch = [Buffer(r, n * cf) for r in range(n)]
        pkt = {(r, p): MemoryChannel(p, r) for r in range(n) for p in range(n) if p != r}
        bcast = {(r, p): MemoryChannel(p, r) for r in range(n) for p in range(n) if p != r}
        group = ThreadBlockGroup(list(range(tbg)))
        last = tbg
        for r in range(n):
            rank = Rank(r)
            inp = rank.get_input_buffer()
            own = inp[r * cf : (r + 1) * cf]
            for p in range(n):
                if p != r:
                    pkt[(r, p)].put_packets(scratch[p][r * cf : (r + 1) * cf], inp[p * cf : (p + 1) * cf], tb_group=group)
            rank.reduce(
                own,
                [scratch[r][q * cf : (q + 1) * cf] for q in range(n) if q != r],
                tb_group=group,
                packet=True,
                reduce_op=op,
            )
            done = Semaphore(r, 0)
            for tb in group.tb_list:
                done.release(tb=tb, data_sync=SyncType.before)
            for tb in group.tb_list:
                done.acquire(tb=last, data_sync=SyncType.after)
            for p in range(n):
                if p != r:
                    bcast[(r, p)].put(Rank(p).get_input_buffer()[r * cf : (r + 1) * cf], own, tb=last)
            for p in range(n):
                if p != r:
                    bcast[(r, p)].signal(tb=last, data_sync=SyncType.before)
            for p in range(n):
                if p != r:
                    bcast[(r, p)].wait(tb=last, data_sync=SyncType.none)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ar_tbg_semaphore")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunks", type=int, default=2)
parser.add_argument("--tbg", type=int, default=2)
parser.add_argument("--reduce_op", type=str, default="sum")
parser.add_argument("--double_scratch", type=int, default=0)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ar_tbg_semaphore(
    args.name, args.num_gpus, args.chunks, args.tbg, args.reduce_op, bool(args.double_scratch), args.instances
)
