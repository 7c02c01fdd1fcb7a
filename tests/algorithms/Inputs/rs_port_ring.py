# ReduceScatter out of place on a ring of port channels, double-buffered
# through scratch with credits: at step s rank r sends its partial sum of
# chunk (r-s-1) mod n into slot s%2 of the next rank's scratch
# (put_with_signal), waits for the previous rank's partial sum of chunk
# (r-s-2) mod n, adds it into its input, and returns a credit for the
# slot. A slot is reused only after its credit came back; the credits of
# the last two steps are collected at the end, so every signal is waited
# once per launch. The last put also flushes: the proxy has read every
# source before the kernel ends. Rank r ends with chunk r fully reduced
# and copies it out.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def rs_port_ring(name, num_gpus, chunk_factor, instances):
    n = num_gpus
    cf = chunk_factor
    collective = ReduceScatter(n, cf, False)
    with CollectiveProgram(name, collective, n, instances=instances, protocol="Simple"):
        scratch = [Buffer(r, 2 * cf) for r in range(n)]
        to_next = {r: PortChannel((r + 1) % n, r) for r in range(n)}
        # With two ranks the next rank is the previous one: one channel each
        # way carries both the data signals and the credits (a second
        # channel would pair with the peer's second one, crossing the two).
        to_prev = to_next if n == 2 else {r: PortChannel((r - 1) % n, r) for r in range(n)}

        def part(buf, index):
            return buf[index * cf : (index + 1) * cf]

        for s in range(n - 1):
            slot = s % 2
            for r in range(n):
                inp = Rank(r).get_input_buffer()
                if s >= 2:
                    to_next[r].wait(tb=0, data_sync=SyncType.after)
                dst = part(scratch[(r + 1) % n], slot)
                src = part(inp, (r - s - 1) % n)
                if s == n - 2:
                    to_next[r].put_with_signal_and_flush(dst, src, tb=0)
                else:
                    to_next[r].put_with_signal(dst, src, tb=0)
                to_prev[r].wait(tb=0, data_sync=SyncType.after)
                Rank(r).reduce(part(inp, (r - s - 2) % n), [part(scratch[r], slot)], tb=0)
                to_prev[r].signal(tb=0, data_sync=SyncType.before)
        for r in range(n):
            for s in range(max(0, n - 3), n - 1):
                to_next[r].wait(tb=0, data_sync=SyncType.after)
            Rank(r).copy(Rank(r).get_output_buffer()[0:cf], part(Rank(r).get_input_buffer(), r), tb=0)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="rs_port_ring")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunk_factor", type=int, default=1)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()

rs_port_ring(args.name, args.num_gpus, args.chunk_factor, args.instances)
