# Recursive-doubling AllReduce: in step k every rank puts its working
# buffer into scratch slot k of its partner r ^ 2^k and reduces the
# partner's copy into its own. num_tbs thread blocks split every transfer
# and reduction as a thread-block group, each on its own channel to the
# partner (tb and tb_group given together).
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.thread_block_group import *


def ar_rdouble_tbg(name, num_gpus, chunks, inplace, num_tbs, instances):
    n = num_gpus
    cf = chunks
    steps = n.bit_length() - 1
    collective = AllReduce(n, cf, inplace)
    with CollectiveProgram(name, collective, n, instances=instances):
        size = n * cf
        scratch = [Buffer(r, steps * size) for r in range(n)]
        channel = {}
        for r in range(n):
            for k in range(steps):
                for t in range(num_tbs):
                    channel[(r, k, t)] = MemoryChannel(r ^ (1 << k), r)
        group = ThreadBlockGroup(tb_list=list(range(num_tbs)))
        for r in range(n):
            rank = Rank(r)
            work = rank.get_input_buffer() if inplace else rank.get_output_buffer()
            if not inplace:
                rank.copy(work[0:size], rank.get_input_buffer()[0:size], tb_group=group)
            for k in range(steps):
                partner = r ^ (1 << k)
                slot = scratch[partner][k * size : (k + 1) * size]
                for t in range(num_tbs):
                    c = channel[(r, k, t)]
                    c.put(slot, work[0:size], tb=t, tb_group=group)
                    c.signal(tb=t, data_sync=SyncType.before)
                    c.wait(tb=t, data_sync=SyncType.after)
                    rank.reduce(work[0:size], [scratch[r][k * size : (k + 1) * size]], tb=t, tb_group=group)
            for k in range(steps):
                for t in range(num_tbs):
                    channel[(r, k, t)].signal(tb=t, data_sync=SyncType.before)
            for k in range(steps):
                for t in range(num_tbs):
                    channel[(r, k, t)].wait(tb=t, data_sync=SyncType.none)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", default="ar_rdouble_tbg")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunks", type=int, default=1)
parser.add_argument("--inplace", type=int, default=1)
parser.add_argument("--num_tbs", type=int, default=2)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ar_rdouble_tbg(args.name, args.num_gpus, args.chunks, bool(args.inplace), args.num_tbs, args.instances)
