# LL AllGather that fans one packed block out over port channels: every
# rank packs its block into its own scratch slot once (tb 0), a second
# thread block sends those same packets to every peer, one read_put_packets
# per peer (each validates the packets again), and a third unpacks what
# arrived. Without fusion each peer's send is its own op.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ag_pkt_port_fanout(num_gpus, chunks, fuse, instances):
    n = num_gpus
    cf = chunks
    collective = AllGather(n, cf, False)
    with CollectiveProgram(
        "ag_pkt_port_fanout",
        collective,
        n,
        instances=instances,
        protocol="LL",
        instr_fusion=fuse,
        use_double_scratch_buffer=True,
    ):
        scratch = [Buffer(r, n * cf) for r in range(n)]
        for r in range(n):
            rank = Rank(r)
            own = rank.get_input_buffer()[0:cf]
            out = rank.get_output_buffer()
            mine = scratch[r][r * cf : (r + 1) * cf]
            rank.copy_packets(mine, own, tb=0)
            rank.copy(out[r * cf : (r + 1) * cf], own, tb=0)
            for s in range(1, n):
                peer = (r + s) % n
                channel = PortChannel(peer, r)
                channel.read_put_packets(scratch[peer][r * cf : (r + 1) * cf], mine, tb=1)
            for s in range(1, n):
                src = (r - s + n) % n
                rank.unpack_packets(out[src * cf : (src + 1) * cf], scratch[r][src * cf : (src + 1) * cf], tb=2)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--num_gpus", type=int, default=3)
parser.add_argument("--chunks", type=int, default=1)
parser.add_argument("--fuse", type=int, default=0)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ag_pkt_port_fanout(args.num_gpus, args.chunks, bool(args.fuse), args.instances)
