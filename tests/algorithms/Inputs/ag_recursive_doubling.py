# Recursive-doubling all-gather over port channels: in step k every rank
# sends the 2^k blocks it holds to the rank whose number differs in bit k
# (put_with_signal_and_flush into the partner's scratch buffer), waits for
# the partner's blocks and copies them into its output buffer; log2(n)
# steps, one thread block per rank. Out of place, the rank first copies
# its own block. A closing signal/wait with every partner keeps the next
# launch from writing a partner's scratch before it has been copied out.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ag_recursive_doubling(name, num_gpus, chunks, inplace, instances):
    n = num_gpus
    cf = chunks
    assert n & (n - 1) == 0 and n >= 2
    collective = AllGather(n, cf, inplace)
    with CollectiveProgram(name, collective, n, instances=instances):
        steps = n.bit_length() - 1
        scratch = [Buffer(r, n * cf) for r in range(n)]
        chans = {}
        for k in range(steps):
            for r in range(n):
                chans[(r, k)] = PortChannel(r ^ (1 << k), r)
        for r in range(n):
            if not inplace:
                rank = Rank(r)
                rank.copy(rank.get_output_buffer()[r * cf : (r + 1) * cf], rank.get_input_buffer()[0:cf], tb=0)
        for k in range(steps):
            for r in range(n):
                p = r ^ (1 << k)
                base = (r >> k) << k
                out = Rank(r).get_output_buffer()
                chans[(r, k)].put_with_signal_and_flush(
                    scratch[p][base * cf : (base + (1 << k)) * cf], out[base * cf : (base + (1 << k)) * cf], tb=0
                )
            for r in range(n):
                p = r ^ (1 << k)
                base = (p >> k) << k
                chans[(r, k)].wait(tb=0, data_sync=SyncType.after)
                Rank(r).copy(
                    Rank(r).get_output_buffer()[base * cf : (base + (1 << k)) * cf],
                    scratch[r][base * cf : (base + (1 << k)) * cf],
                    tb=0,
                )
        for k in range(steps):
            for r in range(n):
                chans[(r, k)].signal(tb=0, data_sync=SyncType.before)
        for k in range(steps):
            for r in range(n):
                chans[(r, k)].wait(tb=0, data_sync=SyncType.none)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ag_recursive_doubling")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunks", type=int, default=1)
parser.add_argument("--inplace", type=int, default=1)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ag_recursive_doubling(args.name, args.num_gpus, args.chunks, bool(args.inplace), args.instances)
