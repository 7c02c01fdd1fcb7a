# Two-level NVLS all-reduce: ranks form two switch groups of g ranks (group B's
# rank list given in reverse). Block b is owned by the rank with local index
# b % g in each group: (1) glres inside the group via the rank view, (2) the
# group sum is put into the partner's scratch (partner = same local index in
# the other group), locally reduced, (3) re-multicast in the group with a
# plain broadcast (gstore). Thread block k handles the k-th owned block.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def hier(name, g, instances):
    n = 2 * g
    per = n // g  # blocks owned per rank
    collective = AllReduce(n, 1, True)
    with CollectiveProgram(name, collective, n, instances=instances, protocol="Simple"):
        groups = [list(range(0, g)), list(range(2 * g - 1, g - 1, -1))]
        sws = [SwitchChannel(rank_list=groups[0], buffer_type=BufferType.input),
               SwitchChannel(rank_list=groups[1], buffer_type=BufferType.input)]
        scratch = [Buffer(r, per) for r in range(n)]
        mesh = {}
        for r in range(n):
            for k in range(per):
                for p in range(n):
                    if p != r and p // g == r // g:
                        mesh[(r, p, k)] = MemoryChannel(p, r)
        cross = {}
        for r in range(n):
            for k in range(per):
                cross[(r, k)] = MemoryChannel((r + g) % n, r)
        for r in range(n):
            rank = Rank(r)
            inp = rank.get_input_buffer()
            grp = r // g
            li = r % g
            sw = sws[grp].at_rank(r)
            partner = (r + g) % n
            for k in range(per):
                b = li + k * g
                peers = [p for p in range(n) if p != r and p // g == grp]
                for p in peers:
                    mesh[(r, p, k)].signal(tb=k, relaxed=True)
                for p in peers:
                    mesh[(r, p, k)].wait(tb=k, data_sync=SyncType.after, relaxed=True)
                sw.reduce(b, 1, inp[b:b + 1], tb=k)
                sw.broadcast(inp[b:b + 1], b, 1, tb=k)
                rank.barrier(tb_list=[k])
                cross[(r, k)].put(scratch[partner][k:k + 1], inp[b:b + 1], tb=k)
                cross[(r, k)].signal(tb=k, data_sync=SyncType.before)
                cross[(r, k)].wait(tb=k, data_sync=SyncType.after)
                rank.reduce(inp[b:b + 1], [scratch[r][k:k + 1]], tb=k)
                rank.barrier(tb_list=[k])
                sw.broadcast(inp[b:b + 1], b, 1, tb=k)
                for p in peers:
                    mesh[(r, p, k)].signal(tb=k, data_sync=SyncType.before)
                for p in peers:
                    mesh[(r, p, k)].wait(tb=k, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="nvls_hier_ar")
parser.add_argument("--g", type=int, default=2)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
hier(args.name, args.g, args.instances)
