# All-to-all over port channels in LL packets: rank r converts block p of
# its input to packets in a staging slot of its scratch (copy_packets),
# forwards the packets to rank p's receive slot for r (read_put_packets
# over a port channel, which checks them before the proxy copies), and a
# group of thread blocks unpacks every received slot into its output
# (unpack_packets with tb_group). Staging and receiving are split over
# `tbs` thread blocks (peer p on tb p % tbs); the own block is a copy.
# A barrier and a closing signal/wait round keep a rank from refilling its staging slots
# or overwriting a peer's receive slot before the peer has read them.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.thread_block_group import *


def a2a_port_pkt(name, num_gpus, chunks, tbs, unpackers, double_scratch, closing, instances):
    n = num_gpus
    cf = chunks
    collective = AllToAll(n, cf, False)
    with CollectiveProgram(
        name, collective, n, instances=instances, protocol="LL", use_double_scratch_buffer=double_scratch
    ):
        stage = [Buffer(r, n * cf) for r in range(n)]
        recv = [Buffer(r, n * cf) for r in range(n)]
        chans = {(r, p): PortChannel(p, r) for r in range(n) for p in range(n) if p != r}
        group = ThreadBlockGroup([tbs + i for i in range(unpackers)])
        for r in range(n):
            rank = Rank(r)
            inp = rank.get_input_buffer()
            out = rank.get_output_buffer()
            rank.copy(out[r * cf : (r + 1) * cf], inp[r * cf : (r + 1) * cf], tb=0)
            for p in range(n):
                if p == r:
                    continue
                rank.copy_packets(stage[r][p * cf : (p + 1) * cf], inp[p * cf : (p + 1) * cf], tb=p % tbs)
                chans[(r, p)].read_put_packets(recv[p][r * cf : (r + 1) * cf], stage[r][p * cf : (p + 1) * cf], tb=p % tbs)
            for p in range(n):
                if p != r:
                    rank.unpack_packets(out[p * cf : (p + 1) * cf], recv[r][p * cf : (p + 1) * cf], tb_group=group)
            if closing:
                # Every thread block is done with the slots before tb 0
                # tells the peers.
                rank.barrier(tb_list=list(range(tbs + unpackers)))
                for p in range(n):
                    if p != r:
                        chans[(r, p)].signal(tb=0, data_sync=SyncType.before)
                for p in range(n):
                    if p != r:
                        chans[(r, p)].wait(tb=0, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="a2a_port_pkt")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunks", type=int, default=1)
parser.add_argument("--tbs", type=int, default=2)
parser.add_argument("--unpackers", type=int, default=2)
parser.add_argument("--double_scratch", type=int, default=0)
parser.add_argument("--closing", type=int, default=1)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
a2a_port_pkt(
    args.name, args.num_gpus, args.chunks, args.tbs, args.unpackers, bool(args.double_scratch), bool(args.closing),
    args.instances,
)
