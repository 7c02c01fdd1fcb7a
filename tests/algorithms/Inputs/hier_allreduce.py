# Hierarchical AllReduce over 2 nodes x G ranks:
#  tb0: intra-node reduce (MemoryChannel.reduce) of own chunk and partner's chunk
#  tb1: inter-node exchange through a PortChannel (pws into scratch, local reduce, pwsf back)
#  tb2: intra-node allgather of the two fully reduced chunks (MemoryChannel.put)
# thread blocks are ordered with rank.barrier.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def hier_allreduce(name, gpus_per_node, instances, num_threads_per_block):
    nodes = 2
    G = gpus_per_node
    R = nodes * G
    collective = AllReduce(R, 1, True)
    with CollectiveProgram(
        name,
        collective,
        R,
        instances=instances,
        protocol="Simple",
        num_threads_per_block=num_threads_per_block,
    ):
        scratch = [Buffer(r, 1) for r in range(R)]

        def partner(r):
            return (r + G) % R

        def local_peers(r):
            node = r // G
            return [q for q in range(node * G, node * G + G) if q != r]

        mem_rs = {}
        mem_ag = {}
        port = {}
        for r in range(R):
            for q in local_peers(r):
                mem_rs[(r, q)] = MemoryChannel(q, r)
            port[r] = PortChannel(partner(r), r)
            for q in local_peers(r):
                mem_ag[(r, q)] = MemoryChannel(q, r)

        for r in range(R):
            rank = Rank(r)
            inp = rank.get_input_buffer()
            p = partner(r)
            # phase 1: intra-node reduce
            for q in local_peers(r):
                mem_rs[(r, q)].signal(tb=0, relaxed=True)
            for q in local_peers(r):
                mem_rs[(r, q)].wait(tb=0, data_sync=SyncType.after, relaxed=True)
            for c in [r, p]:
                for q in local_peers(r):
                    qin = Rank(q).get_input_buffer()
                    mem_rs[(r, q)].reduce(inp[c : c + 1], [qin[c : c + 1]], tb=0)
            rank.barrier(tb_list=[0, 1])

            # phase 2: inter-node
            pin = Rank(p).get_input_buffer()
            port[r].signal(tb=1, data_sync=SyncType.before)
            port[r].wait(tb=1, data_sync=SyncType.after)
            port[r].put_with_signal(scratch[p][0:1], inp[p : p + 1], tb=1)
            port[r].wait(tb=1, data_sync=SyncType.after)
            rank.reduce(inp[r : r + 1], [scratch[r][0:1]], tb=1)
            port[r].put_with_signal_and_flush(pin[r : r + 1], inp[r : r + 1], tb=1)
            port[r].wait(tb=1, data_sync=SyncType.after)
            rank.barrier(tb_list=[1, 2])

            # phase 3: intra-node allgather
            for q in local_peers(r):
                qin = Rank(q).get_input_buffer()
                for c in [r, p]:
                    mem_ag[(r, q)].put(qin[c : c + 1], inp[c : c + 1], tb=2)
            for q in local_peers(r):
                mem_ag[(r, q)].signal(tb=2, data_sync=SyncType.before)
            for q in local_peers(r):
                mem_ag[(r, q)].wait(tb=2, data_sync=SyncType.after)

        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="hier_allreduce")
parser.add_argument("--gpus_per_node", type=int, default=2)
parser.add_argument("--instances", type=int, default=1)
parser.add_argument("--num_threads_per_block", type=int, default=1024)
args = parser.parse_args()
hier_allreduce(args.name, args.gpus_per_node, args.instances, args.num_threads_per_block)
