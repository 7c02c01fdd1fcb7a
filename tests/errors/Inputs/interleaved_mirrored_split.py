# The Python of interleaved_mirrored_split.cpp, for the reference DSL:
#   ../shared/reference/run tests/errors/Inputs/interleaved_mirrored_split.py
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *

n, cf = 2, 2
with CollectiveProgram("interleaved_mirrored_split", AllReduce(n, cf, True), n,
                       instances=2, protocol="LL",
                       use_double_scratch_buffer=True):
    scratch = [Buffer(r, 2 * n * cf) for r in range(n)]
    channel = {r: MemoryChannel(1 - r, r) for r in range(n)}
    for r in range(n):
        peer = 1 - r
        inp = Rank(r).get_input_buffer()
        channel[r].put_packets(scratch[peer][r * cf:(r + 1) * cf],
                               inp[peer * cf:(peer + 1) * cf], tb=0)
    for r in range(n):
        peer = 1 - r
        rank = Rank(r)
        inp = rank.get_input_buffer()
        for j in range(cf):
            c = r * cf + j
            rank.reduce(inp[c:c + 1],
                        [scratch[r][peer * cf + j:peer * cf + j + 1]],
                        tb=0, packet=True)
            channel[r].put_packets(scratch[peer][n * cf + c:n * cf + c + 1],
                                   inp[c:c + 1], tb=0)
    for r in range(n):
        peer = 1 - r
        rank = Rank(r)
        rank.unpack_packets(
            rank.get_input_buffer()[peer * cf:(peer + 1) * cf],
            scratch[r][n * cf + peer * cf:n * cf + (peer + 1) * cf], tb=1)
    print(JSON())
