#!/usr/bin/env python3
"""Synthetic mscclc viz models (format mscclc-viz-1) for testing the viewer.

  make_model.py --ranks 64 --tbs 16 --ops 150 --edges 100000 > big.json
  make_model.py --ranks 2 --tbs 2 --ops 6 --all-kinds > small.json

Deterministic for a given --seed. Not a real plan: kinds and edges are plausible, not meaningful.
"""
import argparse
import json
import random
import sys

SYNC = ["signal", "wait", "flush", "barrier", "nop", "relaxed_signal", "relaxed_wait", "sem_acquire", "sem_release"]
DATA = ["put", "put_packets", "read_put_packets", "put_with_signal", "put_with_signal_and_flush", "get", "copy",
        "copy_packets", "transform_to_packets", "unpack_packets"]
RED = ["reduce", "reduce_packets", "reduce_copy", "reduce_copy_packets", "reduce_send", "reduce_send_packets",
       "reduce_copy_send", "reduce_copy_send_packets", "read_reduce", "read_reduce_send", "read_reduce_copy",
       "read_reduce_copy_send", "multi_load_reduce_store"]
SIGNALLING = {"signal", "relaxed_signal", "put_with_signal", "put_with_signal_and_flush", "sem_release"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ranks", type=int, default=2)
    ap.add_argument("--tbs", type=int, default=2, help="thread blocks per rank")
    ap.add_argument("--ops", type=int, default=6, help="ops per lane")
    ap.add_argument("--edges", type=int, default=None, help="number of edges (default: ~0.65 per op)")
    ap.add_argument("--all-kinds", action="store_true", help="cycle through every known kind plus an unknown one")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    cycle = SYNC + DATA + RED + ["frobnicate_packets"]
    common = ["put", "signal", "wait", "put_with_signal", "reduce_send", "copy", "wait", "read_reduce_copy_send", "flush"]
    lanes = []
    for r in range(a.ranks):
        for t in range(a.tbs):
            ops = []
            for j in range(a.ops):
                k = cycle[(len(lanes) * a.ops + j) % len(cycle)] if a.all_kinds else common[(j + t + r) % len(common)]
                peer = (r + 1 + (j + t) % max(1, a.ranks - 1)) % a.ranks
                if k in SYNC:
                    text = f"{k} memory rank {peer}"
                else:
                    text = f"{k} input[{j}:{j + 1}] → rank {peer} output[{j}:{j + 1}] via memory rank {peer} <&>"
                loc = f"samples/synthetic.cpp:{10 + j}:{5 + 2 * t}" if j % 3 else None
                ops.append({"kind": k, "text": text, "loc": loc})
            lanes.append({"rank": r, "tb": t, "ops": ops})
    edges = []
    n_edges = a.edges if a.edges is not None else int(0.65 * len(lanes) * a.ops)
    if a.ranks > 1 and a.ops > 0:
        for _ in range(n_edges):
            la = rnd.randrange(len(lanes))
            i = rnd.randrange(a.ops)
            ra = lanes[la]["rank"]
            rb = (ra + 1 + rnd.randrange(a.ranks - 1)) % a.ranks
            lb = rb * a.tbs + rnd.randrange(a.tbs)
            j = min(a.ops - 1, max(0, i + rnd.randrange(-2, 5)))
            kind = "signal" if lanes[la]["ops"][i]["kind"] in SIGNALLING else "data"
            edges.append({"kind": kind, "from": [la, i], "to": [lb, j]})
    kinds = []
    for ln in lanes:
        for op in ln["ops"]:
            if op["kind"] not in kinds:
                kinds.append(op["kind"])
    model = {"format": "mscclc-viz-1", "name": f"synthetic_{a.ranks}r", "collective": "allreduce",
             "ranks": a.ranks, "protocol": "Simple", "source": "samples/synthetic.cpp",
             "lanes": lanes, "edges": edges, "opKinds": kinds}
    json.dump(model, sys.stdout, ensure_ascii=False, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
