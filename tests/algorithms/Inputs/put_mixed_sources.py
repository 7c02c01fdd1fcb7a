# The Python twin of put_mixed_sources.cpp: an AllToAll on 2 ranks, each
# rank sending its peer's block in two halves on one memory channel and
# thread block, one half from the input, one staged in scratch; with
# --packets 1 by put_packets into the peer's scratch, unpacked there. The
# reference fuses the two puts into one op with sources in two buffers,
# which the 0.9 executor reads both through the first's (Q-PUTSRC).
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def put_mixed_sources(packets):
    collective = AllToAll(2, 2, False)
    with CollectiveProgram("put_mixed_sources", collective, 2,
                           protocol="LL" if packets else "Simple",
                           use_double_scratch_buffer=packets):
        staging = [Buffer(0, 1), Buffer(1, 1)]
        landing = [Buffer(0, 2), Buffer(1, 2)]
        to_peer = [MemoryChannel(1, 0), MemoryChannel(0, 1)]
        for r in range(2):
            peer = 1 - r
            inp = Rank(r).get_input_buffer()
            out = Rank(r).get_output_buffer()
            Rank(r).copy(out[2 * r : 2 * r + 2], inp[2 * r : 2 * r + 2], tb=0)
            Rank(r).copy(staging[r][0:1], inp[2 * peer + 1 : 2 * peer + 2], tb=0)
            if packets:
                to_peer[r].put_packets(landing[peer][0:1], inp[2 * peer : 2 * peer + 1], tb=0)
                to_peer[r].put_packets(landing[peer][1:2], staging[r][0:1], tb=0)
                continue
            peer_out = Rank(peer).get_output_buffer()
            to_peer[r].signal(tb=0, relaxed=True)
            to_peer[r].wait(tb=0, data_sync=SyncType.after, relaxed=True)
            to_peer[r].put(peer_out[2 * r : 2 * r + 1], inp[2 * peer : 2 * peer + 1], tb=0)
            to_peer[r].put(peer_out[2 * r + 1 : 2 * r + 2], staging[r][0:1], tb=0)
            to_peer[r].signal(tb=0, data_sync=SyncType.before)
            to_peer[r].wait(tb=0, data_sync=SyncType.after)
        if packets:
            for r in range(2):
                peer = 1 - r
                Rank(r).unpack_packets(Rank(r).get_output_buffer()[2 * peer : 2 * peer + 2], landing[r][0:2], tb=0)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--packets", type=int, default=0)
args = parser.parse_args()
put_mixed_sources(bool(args.packets))
