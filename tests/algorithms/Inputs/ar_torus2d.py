# All-reduce in place over a rows x cols grid of ranks (the Python twin of
# ar_torus2d.cpp): a row reduce-scatter on thread block 0, a column
# all-reduce of each rank's chunk through scratch on thread block 1, a row
# all-gather on thread block 0; a semaphore hands each block between them.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ar_torus2d(name, rows, cols, instances):
    n = rows * cols
    collective = AllReduce(n, 1, True)
    with CollectiveProgram(name, collective, n, instances=instances):

        def rank_at(i, j):
            return i * cols + j

        def chunk(rank, j, i):
            k = j * rows + i
            return Rank(rank).get_input_buffer()[k : k + 1]

        row, col, scratch = {}, {}, []
        for q in range(n):
            i, j = divmod(q, cols)
            for jj in range(cols):
                if jj != j:
                    row[(q, rank_at(i, jj))] = MemoryChannel(rank_at(i, jj), q)
            for ii in range(rows):
                if ii != i:
                    col[(q, rank_at(ii, j))] = MemoryChannel(rank_at(ii, j), q)
            scratch.append(Buffer(q, rows))
        for key in sorted(row):
            row[key].signal(tb=0, relaxed=True)
        for key in sorted(row):
            row[key].wait(tb=0, data_sync=SyncType.after, relaxed=True)

        for q in range(n):
            i, j = divmod(q, cols)
            row_peers = [rank_at(i, jj) for jj in range(cols) if jj != j]
            col_peers = [(ii, rank_at(ii, j)) for ii in range(rows) if ii != i]
            for p in row_peers:
                for ii in range(rows):
                    row[(q, p)].reduce(chunk(q, j, ii), [chunk(p, j, ii)], tb=0)
            reduced = Semaphore(q, 0)
            reduced.release(tb=0, data_sync=SyncType.before)
            reduced.acquire(tb=1, data_sync=SyncType.after)
            for ii, p in col_peers:
                col[(q, p)].signal(tb=1)
            for ii, p in col_peers:
                col[(q, p)].wait(tb=1, data_sync=SyncType.after)
            for ii, p in col_peers:
                col[(q, p)].put(scratch[p][i : i + 1], chunk(q, j, ii), tb=1)
            for ii, p in col_peers:
                col[(q, p)].signal(tb=1, data_sync=SyncType.before)
            for ii, p in col_peers:
                col[(q, p)].wait(tb=1, data_sync=SyncType.after)
            copies = [scratch[q][ii : ii + 1] for ii, p in col_peers]
            if copies:
                Rank(q).reduce(chunk(q, j, i), copies, tb=1)
            for ii, p in col_peers:
                col[(q, p)].put(chunk(p, j, i), chunk(q, j, i), tb=1)
            for ii, p in col_peers:
                col[(q, p)].signal(tb=1, data_sync=SyncType.before)
            for ii, p in col_peers:
                col[(q, p)].wait(tb=1, data_sync=SyncType.after)
            summed = Semaphore(q, 0)
            summed.release(tb=1, data_sync=SyncType.before)
            summed.acquire(tb=0, data_sync=SyncType.after)
            for p in row_peers:
                for ii in range(rows):
                    row[(q, p)].put(chunk(p, j, ii), chunk(q, j, ii), tb=0)
            for p in row_peers:
                row[(q, p)].signal(tb=0, data_sync=SyncType.before)
            for p in row_peers:
                row[(q, p)].wait(tb=0, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ar_torus2d")
parser.add_argument("--rows", type=int, default=2)
parser.add_argument("--cols", type=int, default=3)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ar_torus2d(args.name, args.rows, args.cols, args.instances)
