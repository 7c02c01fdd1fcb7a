# LL ring AllGather that forwards packets: every rank packs its own block
# into its scratch, pushes every block it holds to the next rank with
# read_put_packets, and unpacks the blocks it received. With --port 1 every
# hop goes through a port channel's proxy.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ag_ll_forward(num_gpus, chunks, inplace, port, unpack_tb, instances):
    n = num_gpus
    cf = chunks
    collective = AllGather(n, cf, inplace)
    with CollectiveProgram(
        "ag_ll_forward",
        collective,
        n,
        instances=instances,
        protocol="LL",
        use_double_scratch_buffer=True,
    ):
        scratch = [Buffer(r, n * cf) for r in range(n)]
        channels = [
            PortChannel((r + 1) % n, r) if port else MemoryChannel((r + 1) % n, r) for r in range(n)
        ]

        def block(r, b):
            return scratch[r][b * cf : (b + 1) * cf]

        for r in range(n):
            rank = Rank(r)
            out = rank.get_output_buffer()
            nxt = (r + 1) % n
            own = out[r * cf : (r + 1) * cf] if inplace else rank.get_input_buffer()[0:cf]
            if not inplace:
                rank.copy(out[r * cf : (r + 1) * cf], own, tb=unpack_tb)
            rank.copy_packets(block(r, r), own, tb=0)
            for s in range(n - 1):
                b = (r - s + n) % n
                channels[r].read_put_packets(block(nxt, b), block(r, b), tb=0)
            for s in range(1, n):
                b = (r - s + n) % n
                rank.unpack_packets(out[b * cf : (b + 1) * cf], block(r, b), tb=unpack_tb)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunks", type=int, default=1)
parser.add_argument("--inplace", type=int, default=1)
parser.add_argument("--port", type=int, default=0)
parser.add_argument("--unpack_tb", type=int, default=1)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ag_ll_forward(args.num_gpus, args.chunks, bool(args.inplace), bool(args.port), args.unpack_tb, args.instances)
