# Binary-tree all-reduce: ranks form a binary tree rooted at 0 (children
# of r are 2r+1 and 2r+2). Reduce phase: each leaf-to-root edge carries
# the child's partial sum into the parent's scratch (put + signal), the
# parent waits for its children and reduces their slots into its input.
# Broadcast phase: the parent puts the total into each child's input and
# signals it. The input is cut into `blocks` blocks pipelined over
# `blocks` thread blocks. A closing signal/wait up the tree keeps a parent
# from writing a child's buffers in the next launch before the child has
# finished this one.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ar_tree(name, num_gpus, blocks, instances):
    n = num_gpus
    collective = AllReduce(n, blocks, True)
    with CollectiveProgram(name, collective, n, instances=instances):
        children = {r: [c for c in (2 * r + 1, 2 * r + 2) if c < n] for r in range(n)}
        parent = {c: r for r in range(n) for c in children[r]}
        scratch = {r: Buffer(r, 2 * n * blocks) for r in range(n) if children[r]}
        up = {}
        down = {}
        # One pair of channels per edge and thread block: the semaphores of
        # a channel shared by two thread blocks would pair their signals.
        for b in range(blocks):
            for c, p in sorted(parent.items()):
                up[(c, b)] = MemoryChannel(p, c)
                down[(c, b)] = MemoryChannel(c, p)

        def slot(p, c, b):
            which = children[p].index(c)
            return scratch[p][(which * blocks + b) * n : (which * blocks + b + 1) * n]

        def reduce_up(r, b):
            inp = Rank(r).get_input_buffer()
            block = inp[b * n : (b + 1) * n]
            for c in children[r]:
                reduce_up(c, b)
            for c in children[r]:
                down[(c, b)].wait(tb=b, data_sync=SyncType.after)
            if children[r]:
                Rank(r).reduce(block, [slot(r, c, b) for c in children[r]], tb=b)
            if r in parent:
                up[(r, b)].put(slot(parent[r], r, b), block, tb=b)
                up[(r, b)].signal(tb=b, data_sync=SyncType.before)

        def broadcast_down(r, b):
            inp = Rank(r).get_input_buffer()
            block = inp[b * n : (b + 1) * n]
            if r in parent:
                up[(r, b)].wait(tb=b, data_sync=SyncType.after)
            for c in children[r]:
                down[(c, b)].put(Rank(c).get_input_buffer()[b * n : (b + 1) * n], block, tb=b)
                down[(c, b)].signal(tb=b, data_sync=SyncType.before)
            for c in children[r]:
                broadcast_down(c, b)

        for b in range(blocks):
            reduce_up(0, b)
            broadcast_down(0, b)
            for c, p in sorted(parent.items()):
                up[(c, b)].signal(tb=b, data_sync=SyncType.none)
                down[(c, b)].wait(tb=b, data_sync=SyncType.none)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ar_tree")
parser.add_argument("--num_gpus", type=int, default=5)
parser.add_argument("--blocks", type=int, default=2)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ar_tree(args.name, args.num_gpus, args.blocks, args.instances)
