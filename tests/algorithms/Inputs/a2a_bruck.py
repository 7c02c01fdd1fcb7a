# AllToAll by Bruck's algorithm, out of place, through scratch: rank r
# rotates its input so that slot j of its scratch holds the block for rank
# r+j; in step k it sends every slot j with bit k set to rank r+2^k (into
# that rank's receive area for step k), which copies them into its own
# slot j; after the last step slot j holds the block from rank r-j, which
# goes to output block r-j. ceil(log2 n) rounds of messages instead of n-1.
# Each step opens with a relaxed ready round (the receive area of the step
# is free again) and closes with a data signal/wait.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def a2a_bruck(name, n, cf, instances, ready):
    collective = AllToAll(n, cf, False)
    steps = 0
    while (1 << steps) < n:
        steps += 1
    with CollectiveProgram(name, collective, n, instances=instances):
        scratch = [Buffer(r, n * cf * (1 + steps)) for r in range(n)]

        def slot(buf, area, j):
            base = (area * n + j) * cf
            return buf[base : base + cf]

        chans = {}
        for r in range(n):
            for k in range(steps):
                out_peer = (r + (1 << k)) % n
                in_peer = (r - (1 << k)) % n
                if (r, out_peer) not in chans:
                    chans[(r, out_peer)] = MemoryChannel(out_peer, r)
                if (r, in_peer) not in chans:
                    chans[(r, in_peer)] = MemoryChannel(in_peer, r)
        for r in range(n):
            rank = Rank(r)
            inp, out = rank.get_input_buffer(), rank.get_output_buffer()
            for j in range(n):
                src = (r + j) % n
                rank.copy(slot(scratch[r], 0, j), inp[src * cf : (src + 1) * cf], tb=0)
            for k in range(steps):
                out_peer = (r + (1 << k)) % n
                in_peer = (r - (1 << k)) % n
                to_out, to_in = chans[(r, out_peer)], chans[(r, in_peer)]
                sent = [j for j in range(n) if (j >> k) & 1]
                if ready:  # the peer's receive area of step k is free again
                    to_in.signal(tb=0, relaxed=True)
                    to_out.wait(tb=0, data_sync=SyncType.after, relaxed=True)
                for j in sent:
                    to_out.put(slot(scratch[out_peer], k + 1, j), slot(scratch[r], 0, j), tb=0)
                to_out.signal(tb=0, data_sync=SyncType.before)
                to_in.wait(tb=0, data_sync=SyncType.after)
                for j in sent:
                    rank.copy(slot(scratch[r], 0, j), slot(scratch[r], k + 1, j), tb=0)
            for j in range(n):
                src = (r - j) % n
                rank.copy(out[src * cf : (src + 1) * cf], slot(scratch[r], 0, j), tb=0)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="a2a_bruck")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunk_factor", type=int, default=1)
parser.add_argument("--instances", type=int, default=1)
parser.add_argument("--ready", type=int, default=1)
args = parser.parse_args()

a2a_bruck(args.name, args.num_gpus, args.chunk_factor, args.instances, bool(args.ready))
