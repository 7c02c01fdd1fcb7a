# Python twin of rs_port_pkt_tbg.cpp (see there): ReduceScatter in place on
# LL packets over port channels, with thread-block groups.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def rs_port_pkt_tbg(num_gpus, instances, group):
    n = num_gpus
    collective = ReduceScatter(n, 1, True)
    with CollectiveProgram("rs_port_pkt_tbg", collective, n,
                           instances=instances, protocol="LL",
                           use_double_scratch_buffer=True):
        scratch = [Buffer(r, 2 * n) for r in range(n)]
        for r in range(n):
            inp = Rank(r).get_input_buffer()
            tbg = ThreadBlockGroup(list(range(group)))
            for p in range(n):
                if p == r:
                    continue
                Rank(r).copy_packets(scratch[r][p:p + 1], inp[p:p + 1],
                                     tb_group=tbg)
                PortChannel(p, r).read_put_packets(
                    scratch[p][n + r:n + r + 1], scratch[r][p:p + 1],
                    tb_group=tbg)
            Rank(r).reduce(inp[r:r + 1],
                           [scratch[r][n + q:n + q + 1]
                            for q in range(n) if q != r],
                           tb=group, packet=True)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--num_gpus", type=int, default=3)
parser.add_argument("--instances", type=int, default=1)
parser.add_argument("--group", type=int, default=2)
args = parser.parse_args()
rs_port_pkt_tbg(args.num_gpus, args.instances, args.group)
