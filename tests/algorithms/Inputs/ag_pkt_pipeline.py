# LL all-pairs all-gather with pipelined packet ops: each rank sends its block
# (chunks chunks) to every peer with put_packets inside a
# LoopIterationContext (one pipeline per peer thread block), and unpacks each
# peer's block in a second pipeline on the same thread block.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.loop import *


def ag_pkt_pipeline(name, num_gpus, chunks, inplace, instances, unit):
    n = num_gpus
    cf = chunks
    collective = AllGather(n, cf, inplace)
    with CollectiveProgram(name, collective, n, instances=instances, protocol="LL", use_double_scratch_buffer=True):
        scratch = [Buffer(r, n * cf) for r in range(n)]
        chans = {(r, p): MemoryChannel(p, r) for r in range(n) for p in range(n) if p != r}
        with LoopIterationContext(unit, cf):
            for r in range(n):
                rank = Rank(r)
                out = rank.get_output_buffer()
                src = out[r * cf : (r + 1) * cf] if inplace else rank.get_input_buffer()[0:cf]
                for k in range(1, n):
                    p = (r + k) % n
                    chans[(r, p)].put_packets(scratch[p][r * cf : (r + 1) * cf], src, tb=k - 1)
                if not inplace:
                    rank.copy(out[r * cf : (r + 1) * cf], src, tb=n - 1)
        with LoopIterationContext(unit, cf):
            for r in range(n):
                rank = Rank(r)
                out = rank.get_output_buffer()
                for k in range(1, n):
                    p = (r - k) % n
                    rank.unpack_packets(out[p * cf : (p + 1) * cf], scratch[r][p * cf : (p + 1) * cf], tb=k - 1)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ag_pkt_pipeline")
parser.add_argument("--num_gpus", type=int, default=3)
parser.add_argument("--chunks", type=int, default=2)
parser.add_argument("--inplace", type=int, default=1)
parser.add_argument("--instances", type=int, default=1)
parser.add_argument("--unit", type=int, default=4096)
args = parser.parse_args()
ag_pkt_pipeline(args.name, args.num_gpus, args.chunks, bool(args.inplace), args.instances, args.unit)
