# Pull-based reduce-scatter in a pipeline: rank r reads block r of every
# peer's input with get into its scratch, one slot per peer, and reduces
# the slots with its own block into its output, unit_size bytes at a time
# (LoopIterationContext). The gets are spread over `tbs` thread blocks
# (peer p on tb p % tbs); with more than one, a barrier inside the loop
# hands every slot to tb 0 before it reduces. A relaxed signal/wait round
# says the inputs are ready; a closing round keeps every rank from
# returning (and its input from being rewritten) while a peer still reads.

import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.loop import *


def rs_pipeline_get(name, num_gpus, chunks, tbs, unit, instances):
    n = num_gpus
    cf = chunks
    collective = ReduceScatter(n, cf, False)
    with CollectiveProgram(name, collective, n, instances=instances):
        scratch = [Buffer(r, n * cf) for r in range(n)]
        chans = {(r, p): MemoryChannel(p, r) for r in range(n) for p in range(n) if p != r}
        peers = lambda r: [p for p in range(n) if p != r]
        for r in range(n):
            for p in peers(r):
                chans[(r, p)].signal(tb=p % tbs, relaxed=True)
            for p in peers(r):
                chans[(r, p)].wait(tb=p % tbs, data_sync=SyncType.after, relaxed=True)
        with LoopIterationContext(unit, cf):
            for r in range(n):
                rank = Rank(r)
                for p in peers(r):
                    chans[(r, p)].get(
                        scratch[r][p * cf : (p + 1) * cf], Rank(p).get_input_buffer()[r * cf : (r + 1) * cf], tb=p % tbs
                    )
                if tbs > 1:
                    rank.barrier(tb_list=list(range(tbs)))
                rank.reduce(
                    rank.get_input_buffer()[r * cf : (r + 1) * cf],
                    [scratch[r][p * cf : (p + 1) * cf] for p in peers(r)],
                    tb=0,
                    dst_chunk=rank.get_output_buffer()[0:cf],
                )
        for r in range(n):
            for p in peers(r):
                chans[(r, p)].signal(tb=p % tbs, data_sync=SyncType.before)
            for p in peers(r):
                chans[(r, p)].wait(tb=p % tbs, data_sync=SyncType.none)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="rs_pipeline_get")
parser.add_argument("--num_gpus", type=int, default=4)
parser.add_argument("--chunks", type=int, default=2)
parser.add_argument("--tbs", type=int, default=1)
parser.add_argument("--unit", type=int, default=16384)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
rs_pipeline_get(args.name, args.num_gpus, args.chunks, args.tbs, args.unit, args.instances)
