# A Python DSL program (mscclpp.language 0.9.0) with a barrier inside a
# pipeline: per iteration, thread block 0 copies the rank's input slice
# into its place in the output, a barrier over thread blocks 0 and 1
# orders it before thread block 1, once the peer is there (a relaxed
# handshake), puts that slice into the peer's output and hands it over
# with a signal and a wait. Its C++ port is
# pipeline_barrier.cpp.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.loop import *


def pipeline_barrier(name, num_gpus, unit):
    collective = AllGather(num_gpus, 1, False)
    with CollectiveProgram(name, collective, num_gpus, protocol="Simple"):
        for gpu in range(num_gpus):
            rank = Rank(gpu)
            inp = rank.get_input_buffer()
            out = rank.get_output_buffer()
            with LoopIterationContext(unit, 1):
                rank.copy(out[gpu : gpu + 1], inp[0:1], tb=0)
                rank.barrier(tb_list=[0, 1])
                for peer in range(num_gpus):
                    if peer == gpu:
                        continue
                    ch = MemoryChannel(peer, gpu)
                    dst = Rank(peer).get_output_buffer()
                    ch.signal(tb=1, data_sync=SyncType.none, relaxed=True)
                    ch.wait(tb=1, data_sync=SyncType.after, relaxed=True)
                    ch.put(dst[gpu : gpu + 1], out[gpu : gpu + 1], tb=1)
                    ch.signal(tb=1, data_sync=SyncType.before)
                    ch.wait(tb=1, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="pipeline_barrier")
parser.add_argument("--num_gpus", type=int, default=2)
parser.add_argument("--unit", type=int, default=1 << 16)
args = parser.parse_args()
pipeline_barrier(args.name, args.num_gpus, args.unit)
