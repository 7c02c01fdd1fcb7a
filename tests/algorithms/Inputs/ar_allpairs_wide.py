# All-pairs AllReduce in place on one thread block per rank, with more
# peers than the executor takes in one op: rank r owns chunk r, reads it
# from every peer, reduces it into its own copy and puts the sum back to
# every peer. Fusion would make one op of each run (a signal to every peer,
# a reduction of every peer's chunk, a put to every peer); past 8 channels,
# or 10 source or destination buffers, or num_threads_per_block entries,
# the 0.9 executor refuses such an op.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ar_allpairs_wide(num_gpus, threads, instances):
    n = num_gpus
    collective = AllReduce(n, 1, True)
    with CollectiveProgram(
        "ar_allpairs_wide",
        collective,
        n,
        instances=instances,
        protocol="Simple",
        num_threads_per_block=threads,
    ):
        for r in range(n):
            own = Rank(r).get_input_buffer()[r : r + 1]
            peers = [p for p in range(n) if p != r]
            channels = {p: MemoryChannel(p, r) for p in peers}
            for p in peers:
                channels[p].signal(tb=0, relaxed=True)
            for p in peers:
                channels[p].wait(tb=0, data_sync=SyncType.after, relaxed=True)
            for p in peers:
                channels[p].reduce(own, [Rank(p).get_input_buffer()[r : r + 1]], tb=0)
            for p in peers:
                channels[p].put(Rank(p).get_input_buffer()[r : r + 1], own, tb=0)
            for p in peers:
                channels[p].signal(tb=0, data_sync=SyncType.before)
            for p in peers:
                channels[p].wait(tb=0)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--num_gpus", type=int, default=12)
parser.add_argument("--threads", type=int, default=1024)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
ar_allpairs_wide(args.num_gpus, args.threads, args.instances)
