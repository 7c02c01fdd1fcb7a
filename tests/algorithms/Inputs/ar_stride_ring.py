# Ring all-reduce over a strided ring: rank r's successor is (r + s) % n
# for the smallest s >= stride that is coprime with n, so the ring visits
# every rank (with s = 1 it is the plain ring). Reduce-scatter: at step k
# the rank at ring position i puts its partial sum of chunk (i - k) into a
# fresh scratch slot of its successor, which reduces it into its own copy.
# All-gather: the finished chunks travel the same way, straight into the
# successors' buffers. A "ready" round at the start keeps a rank from
# writing its successor's scratch before the successor has finished the
# previous launch.

import argparse
import math
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ar_stride_ring(name, num_gpus, stride, instances):
    n = num_gpus
    s = stride
    while math.gcd(s, n) != 1:
        s += 1
    ring = [j * s % n for j in range(n)]
    assert sum(ring) == n * (n - 1) // 2
    pos = [i for _, i in sorted((r, i) for i, r in enumerate(ring))]
    collective = AllReduce(n, 1, True)
    with CollectiveProgram(name, collective, n, instances=instances):
        nxt = {r: ring[(pos[r] + 1) % n] for r in range(n)}
        prv = {r: ring[(pos[r] - 1) % n] for r in range(n)}
        to_next = {r: MemoryChannel(nxt[r], r) for r in range(n)}
        to_prev = {r: MemoryChannel(prv[r], r) for r in range(n)}
        scratch = {r: Buffer(r, max(1, n - 1)) for r in range(n)}
        for r in range(n):
            to_prev[r].signal(tb=0, data_sync=SyncType.none)
        for r in range(n):
            to_next[r].wait(tb=0, data_sync=SyncType.after)
        for k in range(n - 1):
            for r in range(n):
                i = pos[r]
                c = ring[(i - k) % n]
                inp = Rank(r).get_input_buffer()
                to_next[r].put(scratch[nxt[r]][k : k + 1], inp[c : c + 1], tb=0)
                to_next[r].signal(tb=0, data_sync=SyncType.before)
            for r in range(n):
                i = pos[r]
                c = ring[(i - 1 - k) % n]
                inp = Rank(r).get_input_buffer()
                to_prev[r].wait(tb=0, data_sync=SyncType.after)
                Rank(r).reduce(inp[c : c + 1], [scratch[r][k : k + 1]], tb=0)
        for k in range(n - 1):
            for r in range(n):
                i = pos[r]
                c = ring[(i + 1 - k) % n]
                inp = Rank(r).get_input_buffer()
                dst = Rank(nxt[r]).get_input_buffer()
                to_next[r].put(dst[c : c + 1], inp[c : c + 1], tb=0)
                to_next[r].signal(tb=0, data_sync=SyncType.before)
            for r in range(n):
                to_prev[r].wait(tb=0, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ar_stride_ring")
parser.add_argument("--num_gpus", type=int, default=6)
parser.add_argument("--stride", type=int, default=2)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ar_stride_ring(args.name, args.num_gpus, args.stride, args.instances)
