# Recursive-doubling all-reduce over memory channels: in round k every rank
# sends its whole buffer to the rank whose number differs in bit k (into
# slot k of the partner's scratch, as LL packets or with a signal) and adds
# the partner's copy into its own; log2(n) rounds, one thread block.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ar_rd(name, num_gpus, packets):
    n = num_gpus
    if n & (n - 1) != 0:
        raise ValueError("num_gpus must be a power of two")
    collective = AllReduce(n, 1, True)
    with CollectiveProgram(
        name, collective, n, protocol="LL" if packets else "Simple", use_double_scratch_buffer=packets
    ):
        rounds = n.bit_length() - 1
        ch = {}
        for r in range(n):
            for k in range(rounds):
                peer = r ^ (1 << k)
                if (r, peer) not in ch:
                    ch[(r, peer)] = MemoryChannel(peer, r)
        scratch = [Buffer(r, rounds * n) for r in range(n)]
        for k in range(rounds):
            for r in range(n):
                peer = r ^ (1 << k)
                data = Rank(r).get_input_buffer()[0:n]
                if packets:
                    ch[(r, peer)].put_packets(scratch[peer][k * n : (k + 1) * n], data, tb=0)
                else:
                    ch[(r, peer)].put(scratch[peer][k * n : (k + 1) * n], data, tb=0)
                    ch[(r, peer)].signal(tb=0, data_sync=SyncType.before)
            for r in range(n):
                peer = r ^ (1 << k)
                data = Rank(r).get_input_buffer()[0:n]
                if not packets:
                    ch[(r, peer)].wait(tb=0, data_sync=SyncType.after)
                Rank(r).reduce(data, [scratch[r][k * n : (k + 1) * n]], tb=0, packet=packets)
        # Signals: no rank returns (and starts the next launch's puts) before
        # every partner has added its copy. Packets alternate scratch halves.
        if not packets:
            for k in range(rounds):
                for r in range(n):
                    ch[(r, r ^ (1 << k))].signal(tb=0, data_sync=SyncType.before)
            for k in range(rounds):
                for r in range(n):
                    ch[(r, r ^ (1 << k))].wait(tb=0)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ar_rd_checked")
parser.add_argument("--num_gpus", type=int, default=8)
parser.add_argument("--packets", type=int, default=1)
args = parser.parse_args()
ar_rd(args.name, args.num_gpus, bool(args.packets))
