# A Python DSL program (mscclpp.language 0.9.0) that reads a thread block
# group's tb_list and the buffer attributes rank, offset and size; its C++
# port is tb_list_buffers.cpp. The scratch buffer `staged` is the rank's
# second, so its offset is 2 and its size (Python: the end) is 2 + chunks.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.thread_block_group import *


def tb_list_buffers(name, num_gpus, chunks):
    collective = AllGather(num_gpus, chunks, False)
    with CollectiveProgram(name, collective, num_gpus, protocol="Simple"):
        tbg = ThreadBlockGroup(tb_list=[3, 1, 2])
        for gpu in range(num_gpus):
            rank = Rank(gpu)
            Buffer(gpu, 2)
            staged = Buffer(gpu, chunks)
            inp = rank.get_input_buffer()
            out = rank.get_output_buffer()
            length = staged.size - staged.offset
            for i in range(length):
                tb = tbg.tb_list[i % len(tbg.tb_list)]
                rank.copy(staged[i : i + 1], inp[i : i + 1], tb=tb)
                base = out.rank * inp.size + out.offset
                rank.copy(out[base + i : base + i + 1], staged[i : i + 1], tb=tb)
        for gpu in range(num_gpus):
            for peer in range(num_gpus):
                if peer == gpu:
                    continue
                ch = MemoryChannel(peer, gpu)
                for i in range(chunks):
                    tb = tbg.tb_list[i % tbg.numtb()]
                    src = Rank(gpu).get_input_buffer()
                    dst = Rank(peer).get_output_buffer()
                    ch.put(dst[gpu * src.size + i : gpu * src.size + i + 1], src[i : i + 1], tb=tb)
                    ch.signal(tb, data_sync=SyncType.before)
        for gpu in range(num_gpus):
            for peer in range(num_gpus):
                if peer == gpu:
                    continue
                ch = MemoryChannel(peer, gpu)
                for i in range(chunks):
                    ch.wait(tbg.tb_list[i % tbg.numtb()], data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="tb_list_buffers")
parser.add_argument("--num_gpus", type=int, default=2)
parser.add_argument("--chunks", type=int, default=4)
args = parser.parse_args()
tb_list_buffers(args.name, args.num_gpus, args.chunks)
