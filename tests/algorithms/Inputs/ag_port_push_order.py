# AllGather over port channels in one thread block per rank: after a
# handshake, each rank puts its `chunks` chunks to every peer and then
# signals that peer (order 0: per peer, put then signal; order 1: all the
# puts, then all the signals). Fused, a peer's puts are one op whose
# threads push them in parallel, and the signal after it is pushed by
# thread 0 alone: nothing but a nop keeps it behind thread 1's transfer on
# the way to the proxy.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ag_port_push_order(num_gpus, chunks, order, instances, auto_sync):
    n = num_gpus
    cf = chunks
    collective = AllGather(n, cf, False)
    with CollectiveProgram(
        "ag_port_push_order",
        collective,
        n,
        instances=instances,
        protocol="Simple",
        auto_sync=auto_sync,
    ):
        for r in range(n):
            rank = Rank(r)
            own = rank.get_input_buffer()
            peers = [(r + s) % n for s in range(1, n)]
            channels = {p: PortChannel(p, r) for p in peers}
            for p in peers:
                channels[p].signal(tb=0, data_sync=SyncType.none)
            for p in peers:
                channels[p].wait(tb=0, data_sync=SyncType.after)
            for p in peers:
                dst = Rank(p).get_output_buffer()
                for j in range(cf):
                    channels[p].put(dst[r * cf + j : r * cf + j + 1], own[j : j + 1], tb=0)
                if order == 0:
                    channels[p].signal(tb=0, data_sync=SyncType.none)
            if order == 1:
                for p in peers:
                    channels[p].signal(tb=0, data_sync=SyncType.none)
            for j in range(cf):
                rank.copy(rank.get_output_buffer()[r * cf + j : r * cf + j + 1], own[j : j + 1], tb=0)
            for p in peers:
                channels[p].wait(tb=0, data_sync=SyncType.after)
            # Closing round: a peer signals after its wait, so this rank
            # learns that its own transfers landed (its proxy has read its
            # input) before the next call overwrites the input.
            for p in peers:
                channels[p].signal(tb=0, data_sync=SyncType.none)
            for p in peers:
                channels[p].wait(tb=0, data_sync=SyncType.none)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--num_gpus", type=int, default=3)
parser.add_argument("--chunks", type=int, default=2)
parser.add_argument("--order", type=int, default=0)
parser.add_argument("--instances", type=int, default=1)
parser.add_argument("--auto_sync", type=int, default=1)
args = parser.parse_args()
ag_port_push_order(args.num_gpus, args.chunks, args.order, args.instances, bool(args.auto_sync))
