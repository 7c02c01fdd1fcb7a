# AllReduce, Rabenseifner: recursive-halving reduce-scatter followed by
# recursive-doubling allgather (on the way back up the same recursion).
# Any rank count: with p = largest power of two <= n and rem = n - p, the
# first 2*rem ranks pair up (even r folds its vector into r+1 and gets the
# result back at the end). The vector (n*cf chunks) is cut into p segments
# of nearly equal size. One thread block per rank.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def allreduce_rabenseifner(name, n, cf, inplace):
    collective = AllReduce(n, cf, inplace)
    with CollectiveProgram(name, collective, n, protocol="Simple"):
        total = n * cf
        p = 1
        while p * 2 <= n:
            p *= 2
        rem = n - p
        steps = p.bit_length() - 1

        def seg_start(i):
            return i * total // p

        def seg_range(buf, lo, length):
            return buf[seg_start(lo) : seg_start(lo + length)]

        def to_virtual(r):
            if r < 2 * rem:
                return r // 2 if r % 2 == 1 else None
            return r - rem

        def to_real(v):
            return 2 * v + 1 if v < rem else v + rem

        scratch = {}
        for r in range(n):
            scratch[r] = {
                "fold": Buffer(r, total) if (r < 2 * rem and r % 2 == 1) else None,
                "recv": [Buffer(r, total) for _ in range(steps)],
            }

        for r in range(n):
            rank = Rank(r)
            buf = rank.get_input_buffer() if inplace else rank.get_output_buffer()
            if not inplace:
                rank.copy(buf[0:total], rank.get_input_buffer()[0:total], tb=0)
            channels = {}

            def channel(peer):
                if peer not in channels:
                    channels[peer] = MemoryChannel(peer, r)
                return channels[peer]

            v = to_virtual(r)
            if v is None:
                # folded rank: hand the vector over, get the result back
                ch = channel(r + 1)
                ch.signal(0, relaxed=True)
                ch.wait(0, data_sync=SyncType.after, relaxed=True)
                ch.put(scratch[r + 1]["fold"][0:total], buf[0:total], 0)
                ch.signal(0, data_sync=SyncType.before)
                ch.wait(0, data_sync=SyncType.after)
                continue

            folding = r < 2 * rem
            if folding:
                ch = channel(r - 1)
                ch.signal(0, relaxed=True)
                ch.wait(0, data_sync=SyncType.after, relaxed=True)
                ch.wait(0, data_sync=SyncType.after)
                rank.reduce(buf[0:total], [scratch[r]["fold"][0:total]], tb=0)

            def level(lo, length, k):
                if length == 1:
                    return
                half = length // 2
                partner = to_real(v ^ half)
                if v < lo + half:
                    keep, send = lo, lo + half
                else:
                    keep, send = lo + half, lo
                ch = channel(partner)
                send_chunk = seg_range(buf, send, half)
                keep_chunk = seg_range(buf, keep, half)
                ch.signal(0, relaxed=True)
                ch.wait(0, data_sync=SyncType.after, relaxed=True)
                ch.put(scratch[partner]["recv"][k][0 : send_chunk.size], send_chunk, 0)
                ch.signal(0, data_sync=SyncType.before)
                ch.wait(0, data_sync=SyncType.after)
                rank.reduce(keep_chunk, [scratch[r]["recv"][k][0 : keep_chunk.size]], tb=0)
                level(keep, half, k + 1)
                # allgather on the way back: my reduced half to the partner
                ch.put(Rank(partner).get_input_buffer()[keep_chunk.index : keep_chunk.index + keep_chunk.size]
                       if inplace else
                       Rank(partner).get_output_buffer()[keep_chunk.index : keep_chunk.index + keep_chunk.size],
                       keep_chunk, 0)
                ch.signal(0, data_sync=SyncType.before)
                ch.wait(0, data_sync=SyncType.after)

            level(0, p, 0)

            if folding:
                ch = channel(r - 1)
                peer_buf = Rank(r - 1).get_input_buffer() if inplace else Rank(r - 1).get_output_buffer()
                ch.put(peer_buf[0:total], buf[0:total], 0)
                ch.signal(0, data_sync=SyncType.before)

        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="allreduce_rabenseifner")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunk_factor", type=int, default=1)
parser.add_argument("--inplace", action="store_true")
args = parser.parse_args()

allreduce_rabenseifner(args.name, args.num_gpus, args.chunk_factor, args.inplace)
