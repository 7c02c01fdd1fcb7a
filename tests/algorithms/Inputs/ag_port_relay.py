# Python twin of ag_port_relay.cpp (see there for what it shows).
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def ag_port_relay(num_gpus):
    n = num_gpus
    collective = AllGather(n, 1, False)
    with CollectiveProgram("ag_port_relay", collective, n, auto_sync=False):
        first = [Buffer(r, n) for r in range(n)]
        second = [Buffer(r, n) for r in range(n)]
        none = SyncType.none
        for r in range(n):
            rank = Rank(r)
            inp = rank.get_input_buffer()
            out = rank.get_output_buffer()
            nxt, prev = (r + 1) % n, (r + n - 1) % n
            nxt2, prev2 = (r + 2) % n, (r + n - 2) % n
            order = [p for p in range(n) if p not in (r, nxt, prev)]
            order.insert(1, prev)
            order.append(nxt)
            port = [PortChannel(p, r) for p in order]

            def handshake():
                for i, c in enumerate(port):
                    if i == 5:
                        rank.barrier(tb_list=[0])
                    c.signal(tb=0)
                for i, c in enumerate(port):
                    if i == 5:
                        rank.barrier(tb_list=[0])
                    c.wait(tb=0)

            handshake()
            to_next, to_prev = port[-1], port[1]
            rank.copy(out[r : r + 1], inp[0:1], tb=0)
            to_next.put(first[nxt][r : r + 1], inp[0:1], tb=0)
            to_prev.put(first[prev][r : r + 1], inp[0:1], tb=0)
            to_next.signal(tb=0, data_sync=none)
            to_prev.signal(tb=0, data_sync=none)
            to_next.wait(tb=0, data_sync=none)
            to_prev.wait(tb=0, data_sync=none)
            to_prev.put(second[prev][nxt : nxt + 1], first[r][nxt : nxt + 1], tb=0)
            to_next.put(second[nxt][prev : prev + 1], first[r][prev : prev + 1], tb=0)
            rank.barrier(tb_list=[0])
            to_next.signal(tb=0, data_sync=none)
            to_prev.signal(tb=0, data_sync=none)
            to_next.wait(tb=0, data_sync=none)
            to_prev.wait(tb=0, data_sync=SyncType.after)
            rank.copy(out[nxt : nxt + 1], first[r][nxt : nxt + 1], tb=0)
            rank.copy(out[prev : prev + 1], first[r][prev : prev + 1], tb=0)
            rank.copy(out[nxt2 : nxt2 + 1], second[r][nxt2 : nxt2 + 1], tb=0)
            rank.copy(out[prev2 : prev2 + 1], second[r][prev2 : prev2 + 1], tb=0)
            handshake()
            far = [p for p in range(n) if p not in (r, nxt, prev, nxt2, prev2)]
            memory = [MemoryChannel(p, r) for p in far]
            for c in memory:
                c.signal(tb=1, relaxed=True)
            for c in memory:
                c.wait(tb=1, relaxed=True)
            for i, p in enumerate(far):
                memory[i].put(Rank(p).get_output_buffer()[r : r + 1], inp[0:1], tb=1)
            for c in memory:
                c.signal(tb=1)
            for c in memory:
                c.wait(tb=1)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--num_gpus", type=int, default=11)
args = parser.parse_args()
ag_port_relay(args.num_gpus)
