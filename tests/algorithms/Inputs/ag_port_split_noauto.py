# Python twin of ag_port_split_noauto.cpp (see there for what it shows).
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ag_port_split_noauto(num_gpus, threads):
    n = num_gpus
    collective = AllGather(n, 1, False)
    with CollectiveProgram(
        "ag_port_split_noauto", collective, n, auto_sync=False, num_threads_per_block=threads
    ):
        scratch = [Buffer(r, n) for r in range(n)]
        none = SyncType.none
        for r in range(n):
            rank = Rank(r)
            own = rank.get_input_buffer()[0:1]
            peers = [p for p in range(n) if p != r]
            a = [PortChannel(p, r) for p in peers]
            b = [PortChannel(p, r) for p in peers]
            m = len(peers)
            rank.copy(rank.get_output_buffer()[r : r + 1], own, tb=0)
            for i in range(m):
                a[i].put(scratch[peers[i]][r : r + 1], own, tb=0)
            a[m - 1].signal(tb=0, data_sync=none)
            for i in range(3):
                b[i].signal(tb=0, data_sync=none)
            for i in range(m - 1):
                a[i].signal(tb=0, data_sync=none)
            for i in range(3, m):
                b[i].signal(tb=0, data_sync=none)
            for i in range(m):
                a[i].wait(tb=0, data_sync=SyncType.after)
            for i in range(m):
                b[i].wait(tb=0, data_sync=SyncType.after)
            for p in peers:
                rank.copy(rank.get_output_buffer()[p : p + 1], scratch[r][p : p + 1], tb=0)
            for i in range(m):
                a[i].signal(tb=0, data_sync=SyncType.before)
            for i in range(m):
                a[i].wait(tb=0, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--num_gpus", type=int, default=7)
parser.add_argument("--threads", type=int, default=4)
args = parser.parse_args()
ag_port_split_noauto(args.num_gpus, args.threads)
