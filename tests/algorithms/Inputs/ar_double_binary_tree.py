# Double binary tree all-reduce, in place: part t of the input is reduced
# up tree t, then broadcast down it, on thread block t. Twin of
# ar_double_binary_tree.cpp.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.loop import *
from mscclpp.language.utils import *


def dbt(n, cf, instances, shift, ntrees, port):
    coll = AllReduce(n, cf, True)
    with CollectiveProgram("ar_double_binary_tree", coll, n, instances=instances, protocol="Simple"):
        total = n * cf
        part = total // ntrees
        parent = [[-1] * n for _ in range(ntrees)]
        children = [[[] for _ in range(n)] for _ in range(ntrees)]
        def build(t, lo, hi, par):
            if lo > hi:
                return
            mid = (lo + hi) // 2
            node = (mid + t * shift) % n
            parent[t][node] = par
            if par >= 0:
                children[t][par].append(node)
            build(t, lo, mid - 1, node)
            build(t, mid + 1, hi, node)
        for t in range(ntrees):
            build(t, 0, n - 1, -1)
        Chan = PortChannel if port else MemoryChannel
        up = {}
        down = {}
        for t in range(ntrees):
            for c in range(n):
                p = parent[t][c]
                if p >= 0:
                    up[(t, c)] = Chan(p, c)
                    down[(t, c)] = Chan(c, p)
        nslots = [max(len(children[t][r]) for t in range(ntrees)) for r in range(n)]
        scr = [Buffer(r, max(1, nslots[r]) * part * ntrees) for r in range(n)]
        def slot(r, t, k):
            o = (t * max(1, nslots[r]) + k) * part
            return scr[r][o:o + part]
        def mine(r, t):
            return Rank(r).get_input_buffer()[t * part:(t + 1) * part]
        for t in range(ntrees):
            for r in range(n):
                for k, c in enumerate(children[t][r]):
                    down[(t, c)].wait(tb=t, data_sync=SyncType.after)
                    Rank(r).reduce(mine(r, t), [slot(r, t, k)], tb=t)
                p = parent[t][r]
                if p >= 0:
                    k = children[t][p].index(r)
                    if port:
                        up[(t, r)].put_with_signal(slot(p, t, k), mine(r, t), tb=t)
                    else:
                        up[(t, r)].put(slot(p, t, k), mine(r, t), tb=t)
                        up[(t, r)].signal(tb=t, data_sync=SyncType.before)
            for r in range(n):
                p = parent[t][r]
                if p >= 0:
                    up[(t, r)].wait(tb=t, data_sync=SyncType.after)
                for c in children[t][r]:
                    if port:
                        down[(t, c)].put_with_signal_and_flush(mine(c, t), mine(r, t), tb=t)
                    else:
                        down[(t, c)].put(mine(c, t), mine(r, t), tb=t)
                        down[(t, c)].signal(tb=t, data_sync=SyncType.before)
        print(JSON())

ap = argparse.ArgumentParser()
for k, d in [("n", 8), ("cf", 1), ("instances", 1), ("shift", 1), ("ntrees", 2), ("port", 0)]:
    ap.add_argument("--" + k, type=int, default=d)
a = ap.parse_args()
dbt(a.n, a.cf, a.instances, a.shift, a.ntrees, a.port)
