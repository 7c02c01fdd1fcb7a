# Copies and reductions of chunks of size 0 next to real ones, on five
# thread blocks: where automatic sync insertion puts nops for them
# (empty_chunks.test; the same program as empty_chunks.cpp).
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *

with CollectiveProgram("empty_chunks", AllReduce(1, 8, False), 1):
    r = Rank(0)
    i = r.get_input_buffer()
    o = r.get_output_buffer()
    s = Buffer(0, 8)
    # An empty write inside an earlier op's write.
    r.copy(o[3:7], i[0:4], tb=0)
    r.copy(o[5:5], i[5:5], tb=0)
    # One at the start of an earlier op's write.
    r.copy(o[3:7], i[0:4], tb=1)
    r.copy(o[3:3], i[5:5], tb=1)
    # An empty write, then a read across its place.
    r.copy(o[2:2], i[2:2], tb=2)
    r.copy(i[4:8], o[0:4], tb=2)
    # An empty chunk read, then written, by one op.
    r.reduce(s[7:7], [o[2:2]], tb=3)
    r.copy(i[0:3], s[5:8], tb=3)
    # The same empty write twice after a real one.
    r.copy(o[0:4], i[0:4], tb=4)
    r.copy(o[2:2], i[6:6], tb=4)
    r.copy(o[2:2], i[7:7], tb=4)
    print(JSON())
