# rs_tbg_barriers: twin of rs_tbg_barriers.cpp for the reference Python DSL.
# Arguments: ranks instances chunk_factor group_size.
import sys
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.thread_block_group import *
R = int(sys.argv[1]); inst = int(sys.argv[2]); cf = int(sys.argv[3]); ntb = int(sys.argv[4])
coll = ReduceScatter(R, cf, False)
with CollectiveProgram("rs_tbg_barriers", coll, R, instances=inst, protocol="Simple"):
    tbg = ThreadBlockGroup(list(range(ntb)))
    ch = {}
    for r in range(R):
        for p in range(R):
            if p != r:
                ch[(r, p)] = MemoryChannel(p, r)
    for r in range(R):
        for p in range(R):
            if p != r:
                ch[(r, p)].signal(tb=0, relaxed=True)
        for p in range(R):
            if p != r:
                ch[(r, p)].wait(tb=0, relaxed=True, data_sync=SyncType.after)
        Rank(r).barrier(tbg.tb_list)
        inp = Rank(r).get_input_buffer(); out = Rank(r).get_output_buffer()
        for p in range(R):
            if p != r:
                ch[(r, p)].reduce(inp[r*cf:(r+1)*cf], [Rank(p).get_input_buffer()[r*cf:(r+1)*cf]], tb_group=tbg, local_dst_chunk=out[0:cf])
        Rank(r).barrier(tbg.tb_list)
        for p in range(R):
            if p != r:
                ch[(r, p)].signal(tb=0, data_sync=SyncType.before)
        for p in range(R):
            if p != r:
                ch[(r, p)].wait(tb=0)
    print(JSON())
