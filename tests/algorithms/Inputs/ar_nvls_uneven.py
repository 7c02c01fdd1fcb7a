# Python twin of ar_nvls_uneven.cpp (see there): AllReduce in place through
# a switch channel, each rank owning 1, 2 or 3 chunks.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ar_nvls_uneven(num_gpus, instances):
    n = num_gpus
    collective = AllReduce(n, 2, True)
    with CollectiveProgram("ar_nvls_uneven", collective, n,
                           instances=instances):
        sw = SwitchChannel(list(range(n)), BufferType.input)
        ch = {}
        for r in range(n):
            for p in range(n):
                if p != r:
                    ch[(r, p)] = MemoryChannel(p, r)
        total = 2 * n
        bounds = [0]
        for r in range(n):
            bounds.append(min(total, bounds[-1] + r % 3 + 1)
                          if r < n - 1 else total)
        for r in range(n):
            inp = Rank(r).get_input_buffer()
            for p in range(n):
                if p != r:
                    ch[(r, p)].signal(0, relaxed=True)
            for p in range(n):
                if p != r:
                    ch[(r, p)].wait(0, data_sync=SyncType.after, relaxed=True)
            begin, end = bounds[r], bounds[r + 1]
            mine = inp[begin:end]
            sw.at_rank(r).reduce(begin, end - begin, mine, tb=0)
            sw.at_rank(r).broadcast(mine, begin, end - begin, tb=0)
            for p in range(n):
                if p != r:
                    ch[(r, p)].signal(0, data_sync=SyncType.before)
            for p in range(n):
                if p != r:
                    ch[(r, p)].wait(0, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--num_gpus", type=int, default=3)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ar_nvls_uneven(args.num_gpus, args.instances)
