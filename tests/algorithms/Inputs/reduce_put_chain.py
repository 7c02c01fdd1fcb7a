# In-place AllReduce. Rank r owns chunks [r*cf, (r+1)*cf). Per owned chunk j
# (thread block tb_of(j)):
#   path 0: channel.reduce from every peer (rre runs across channels) then put
#           the result to every peer (-> rres);
#   path 1: get every peer's chunk j into scratch, local reduce (re with many
#           sources), put to every peer (-> res), and a copy of the result to
#           scratch (a copy chain after the reduce);
#   path 2: alternate path 0 and path 1 per chunk.
# `span` > 1 makes the reductions cover `span` chunks at once.
import argparse
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *


def reduce_put_chain(name, num_ranks, chunk_factor, num_tbs, path, span, instances):
    collective = AllReduce(num_ranks, chunk_factor, True)
    with CollectiveProgram(name, collective, num_ranks, instances=instances, protocol="Simple"):
        ch = {}
        for r in range(num_ranks):
            for t in range(num_tbs):
                for p in range(num_ranks):
                    if p != r:
                        ch[(r, t, p)] = MemoryChannel(p, r)
        scratch = {}
        for r in range(num_ranks):
            scratch[r] = Buffer(r, (num_ranks) * chunk_factor)
        for r in range(num_ranks):
            rank = Rank(r)
            inp = rank.get_input_buffer()
            peers = [p for p in range(num_ranks) if p != r]
            for t in range(num_tbs):
                for p in peers:
                    ch[(r, t, p)].signal(t, relaxed=True)
                for p in peers:
                    ch[(r, t, p)].wait(t, data_sync=SyncType.after, relaxed=True)
            for j0 in range(0, chunk_factor, span):
                j = r * chunk_factor + j0
                t = (j0 // span) % num_tbs
                own = inp[j : j + span]
                use_get = path == 1 or (path == 2 and (j0 // span) % 2 == 1)
                if not use_get:
                    for p in peers:
                        ch[(r, t, p)].reduce(own, [Rank(p).get_input_buffer()[j : j + span]], tb=t)
                    for p in peers:
                        ch[(r, t, p)].put(Rank(p).get_input_buffer()[j : j + span], own, tb=t)
                else:
                    tmp = []
                    for k, p in enumerate(peers):
                        s = scratch[r][k * chunk_factor + j0 : k * chunk_factor + j0 + span]
                        ch[(r, t, p)].get(s, Rank(p).get_input_buffer()[j : j + span], tb=t)
                        tmp.append(s)
                    rank.reduce(own, tmp, tb=t)
                    for p in peers:
                        ch[(r, t, p)].put(Rank(p).get_input_buffer()[j : j + span], own, tb=t)
                    last = scratch[r][(num_ranks - 1) * chunk_factor + j0 : (num_ranks - 1) * chunk_factor + j0 + span]
                    rank.copy(last, own, tb=t)
            for t in range(num_tbs):
                for p in peers:
                    ch[(r, t, p)].signal(t, data_sync=SyncType.before)
                for p in peers:
                    ch[(r, t, p)].wait(t)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="reduce_put_chain")
parser.add_argument("--num_ranks", type=int, default=3)
parser.add_argument("--chunk_factor", type=int, default=4)
parser.add_argument("--num_tbs", type=int, default=2)
parser.add_argument("--path", type=int, default=0)
parser.add_argument("--span", type=int, default=1)
parser.add_argument("--instances", type=int, default=1)
args = parser.parse_args()
reduce_put_chain(args.name, args.num_ranks, args.chunk_factor, args.num_tbs, args.path, args.span, args.instances)
