# AllGather out of place staged through scratch: every rank first reserves
# a one-chunk pad and then a landing buffer of (n-1)*cf chunks in scratch
# (so the landing buffer's offset is 1); rank r puts its whole input into
# slot k of each peer's landing buffer (k: r's position among the peer's
# peers) with a two-block thread block group, signals, and each rank waits
# and copies every landed slot into its output. Sizes come from the
# collective's and the buffers' accessors.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.thread_block_group import *


def ag_staged_scratch(name, num_gpus, chunk_factor, group):
    collective = AllGather(num_gpus, chunk_factor, False)
    with CollectiveProgram(name, collective, num_gpus, protocol="Simple"):
        n = collective.num_ranks
        cf = collective.chunk_factor
        assert not collective.inplace
        pads = [Buffer(r, 1) for r in range(n)]
        landing = [Buffer(r, (n - 1) * cf) for r in range(n)]
        chan = {(r, p): MemoryChannel(p, r) for r in range(n) for p in range(n) if p != r}
        for r in range(n):
            inp = Rank(r).get_input_buffer()
            length = inp.size - inp.offset
            peers = [p for p in range(n) if p != r]
            for i, p in enumerate(peers):
                k = r if r < p else r - 1
                tbg = ThreadBlockGroup([1 + group * i + j for j in range(group)])
                slot_begin = k * length
                dst = landing[p][slot_begin : slot_begin + length]
                chan[(r, p)].put(dst, inp[0:length], tb_group=tbg)
                for tb in tbg.tb_list:
                    chan[(r, p)].signal(tb=tb, data_sync=SyncType.before)
            out = Rank(r).get_output_buffer()
            Rank(r).copy(out[r * cf : (r + 1) * cf], inp[0:length], tb=0)
            for i, p in enumerate(peers):
                tbg = ThreadBlockGroup([1 + group * i + j for j in range(group)])
                for tb in tbg.tb_list:
                    chan[(r, p)].wait(tb=tb, data_sync=SyncType.after)
                land = landing[r]
                at = i * length
                last = tbg.tb_list[tbg.numtb() - 1]
                Rank(r).barrier(tb_list=tbg.tb_list)
                Rank(r).copy(out[p * cf : (p + 1) * cf], land[at : at + length], tb=last)
                chan[(r, p)].signal(tb=last, data_sync=SyncType.before)
            for i, p in enumerate(peers):
                last = 1 + group * i + group - 1
                chan[(r, p)].wait(tb=last, data_sync=SyncType.after)
            assert pads[r].size - pads[r].offset == 1
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="ag_staged_scratch")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunk_factor", type=int, default=2)
parser.add_argument("--group", type=int, default=2)
args = parser.parse_args()

ag_staged_scratch(args.name, args.num_gpus, args.chunk_factor, args.group)
