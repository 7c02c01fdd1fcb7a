# AllGather in place on a bidirectional ring of memory channels: every rank
# forwards chunks both clockwise and counter-clockwise, so each chunk travels
# at most n/2 hops. At step s rank r puts chunk (r - s) mod n into the next
# rank's output and chunk (r + s) mod n into the previous rank's, signalling
# each; before forwarding a chunk it received, it waits for the signal that
# brought it (data_sync after). One channel per ordered pair of neighbours
# carries both directions (outbound and inbound are separate counters), all
# on thread block 0, so every wait on a channel is in the order its
# partner signals. An opening exchange with both neighbours keeps a launch
# from writing into a neighbour that has not started it (the previous
# launch's result may still be read there).

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ag_bidir_ring(name, num_gpus, chunk_factor, instances):
    n = num_gpus
    cf = chunk_factor
    collective = AllGather(n, cf, True)
    with CollectiveProgram(name, collective, n, instances=instances, protocol="Simple"):
        channel = {}
        for r in range(n):
            for peer in sorted({(r + 1) % n, (r - 1) % n}):
                if peer != r:
                    channel[(r, peer)] = MemoryChannel(peer, r)

        def part(r, index):
            return Rank(r).get_output_buffer()[index * cf : (index + 1) * cf]

        neighbours = {r: sorted({(r + 1) % n, (r - 1) % n} - {r}) for r in range(n)}
        for r in range(n):
            for peer in neighbours[r]:
                channel[(r, peer)].signal(tb=0, relaxed=True)
            for peer in neighbours[r]:
                channel[(r, peer)].wait(tb=0, relaxed=True)
        steps = [n // 2, (n - 1) // 2]
        for s in range(steps[0]):
            for direction in range(2):
                if s >= steps[direction]:
                    continue
                hop = 1 if direction == 0 else -1
                for r in range(n):
                    to = (r + hop) % n
                    frm = (r - hop) % n
                    index = (r - hop * s) % n
                    if s > 0:
                        channel[(r, frm)].wait(tb=0, data_sync=SyncType.after)
                    channel[(r, to)].put(part(to, index), part(r, index), tb=0)
                    channel[(r, to)].signal(tb=0, data_sync=SyncType.before)
        # The last chunk each direction brings.
        for direction in range(2):
            if steps[direction] == 0:
                continue
            hop = 1 if direction == 0 else -1
            for r in range(n):
                channel[(r, (r - hop) % n)].wait(tb=0, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ag_bidir_ring")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunk_factor", type=int, default=1)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ag_bidir_ring(args.name, args.num_gpus, args.chunk_factor, args.instances)
