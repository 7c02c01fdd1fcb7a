# A Python DSL program (mscclpp.language 0.9.0) whose enum-valued choices
# come from the command line as strings: the protocol, the replication
# policy and a pattern of the program's own. Its C++ port, enum_params.cpp,
# takes them as enum parameters: -P protocol=LL -P replication_policy=none
# -P pattern=pairs.
import argparse
from enum import Enum
from mscclpp.language.channel import *
from mscclpp.language.rank import *
from mscclpp.language.general import *
from mscclpp.language.program import *
from mscclpp.language.collectives import *
from mscclpp.language.utils import ReplicationPolicy


class Pattern(Enum):
    ring = "ring"
    pairs = "pairs"


def enum_params(name, num_gpus, instances, protocol, replication_policy, pattern):
    collective = AllGather(num_gpus, 1, True)
    with CollectiveProgram(
        name,
        collective,
        num_gpus,
        instances=instances,
        protocol=protocol,
        replication_policy=replication_policy,
    ):
        packet = protocol == "LL"
        scratch = [Buffer(r, num_gpus) for r in range(num_gpus)]
        for gpu in range(num_gpus):
            peers = [(gpu + 1) % num_gpus] if pattern == Pattern.ring else [p for p in range(num_gpus) if p != gpu]
            src = Rank(gpu).get_input_buffer()
            for peer in peers:
                ch = MemoryChannel(peer, gpu)
                dst = Rank(peer).get_output_buffer()
                if packet:
                    ch.put_packets(scratch[peer][gpu : gpu + 1], src[0:1], tb=0)
                else:
                    ch.put(dst[gpu : gpu + 1], src[0:1], tb=0)
                    ch.signal(tb=0, data_sync=SyncType.before)
        for gpu in range(num_gpus):
            senders = [(gpu - 1) % num_gpus] if pattern == Pattern.ring else [p for p in range(num_gpus) if p != gpu]
            for sender in senders:
                if packet:
                    out = Rank(gpu).get_output_buffer()
                    Rank(gpu).unpack_packets(out[sender : sender + 1], scratch[gpu][sender : sender + 1], tb=0)
                else:
                    MemoryChannel(sender, gpu).wait(tb=0, data_sync=SyncType.after)
        print(JSON())


parser = argparse.ArgumentParser()
parser.add_argument("--name", type=str, default="enum_params")
parser.add_argument("--num_gpus", type=int, default=3)
parser.add_argument("--instances", type=int, default=2)
parser.add_argument("--protocol", type=str, default="Simple", choices=["Simple", "LL"])
parser.add_argument("--replication_policy", type=ReplicationPolicy, default=ReplicationPolicy.interleaved)
parser.add_argument("--pattern", type=Pattern, default=Pattern.ring)
args = parser.parse_args()
enum_params(args.name, args.num_gpus, args.instances, args.protocol, args.replication_policy, args.pattern)
