# Python twin of ag_ll_port_packets.cpp (see there).
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *

parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ag_ll_port_packets")
parser.add_argument("--num_gpus", type=int, default=3)
parser.add_argument("--auto_sync", type=int, default=1)
args = parser.parse_args()
n = args.num_gpus
with CollectiveProgram(args.name, AllGather(n, 1, True), n, protocol="LL",
                       auto_sync=bool(args.auto_sync),
                       use_double_scratch_buffer=True):
    scratch = [Buffer(r, n + 1) for r in range(n)]
    channel = {}
    for r in range(n):
        for p in range(n):
            if p != r:
                channel[(r, p)] = PortChannel(p, r)
    for r in range(n):
        rank = Rank(r)
        own = rank.get_output_buffer()[r:r + 1]
        rank.copy_packets(scratch[r][0:1], own, tb=0)
        for p in range(n):
            if p != r:
                channel[(r, p)].put_packets(scratch[p][1 + r:2 + r], scratch[r][0:1], tb=0)
        for p in range(n):
            if p != r:
                rank.unpack_packets(rank.get_output_buffer()[p:p + 1], scratch[r][1 + p:2 + p], tb=1)
    print(JSON())
