#!/usr/bin/env python3
"""Mutation tests for `mscclc sim`: defects injected into correct plans must
be caught.

The corpus (CORPUS below) is a fixed set of correct programs, compiled once;
each mutation kind finds its sites in each plan (up to SITES per plan) and
writes one mutant per site. A mutant is detected when `mscclc sim` (2 runs,
4 schedules) fails it, or when mscclc rejects it before simulating (the plan
checks caught it statically). tests/sim/mutations.tsv lists mutants that
are provably harmless, each with its reason; everything else must be
detected. Prints the detection rate per kind; exits 1 below 100 %.
"""
import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PORTS = os.path.join(REPO, "tests", "conformance")
SITES = 4

# name, source, arguments
CORPUS = [
    ("allgather", os.path.join(REPO, "samples", "allgather.cpp"), []),
    ("allreduce_allpairs", os.path.join(REPO, "samples", "allreduce_allpairs.cpp"), []),
    ("allgather_tbg", os.path.join(PORTS, "single_node", "allgather_tbg.cpp"),
     ["--algo", "allgather_tbg"]),
    ("alltoall_ring_n2", os.path.join(PORTS, "single_node", "alltoall_ring.cpp"),
     ["--algo", "alltoall_ring", "-P", "num_gpus=2"]),
    ("allgather_g2", os.path.join(PORTS, "multi_node", "allgather.cpp"),
     ["--algo", "allgather", "-P", "gpus_per_node=2"]),
    ("allgather_pkt_n2", os.path.join(PORTS, "single_node", "allgather_pkt.cpp"),
     ["--algo", "allgather_pkt", "-P", "num_gpus=2"]),
]


def ops_of(plan):
    """(rank, tb, index, op) for every top-level op."""
    for g in plan["gpus"]:
        for tb in g["threadblocks"]:
            for i, op in enumerate(tb["ops"]):
                yield g, tb, i, op


def is_data(op):
    return op["name"] in ("put", "copy", "get", "re", "res", "rre", "rres",
                          "pws", "pwsf", "glres", "gstore")


# Each kind: a function (plan) -> list of (site description, mutated plan).
def drop_nop(plan):
    out = []
    for g, tb, i, op in ops_of(plan):
        # A nop between a data op and the signal that publishes it.
        if op["name"] == "nop" and 0 < i < len(tb["ops"]) - 1 and \
                is_data(tb["ops"][i - 1]) and tb["ops"][i + 1]["name"] == "signal":
            m = copy.deepcopy(plan)
            del m["gpus"][g["id"]]["threadblocks"][tb["id"]]["ops"][i]
            out.append((f"rank {g['id']} tb {tb['id']} op {i}", m))
    return out


def drop_nop_after_wait(plan):
    out = []
    for g, tb, i, op in ops_of(plan):
        # The nop that hands what a wait acquired (on its one waiting
        # thread) to the threads of the data op after it.
        if op["name"] == "nop" and 0 < i < len(tb["ops"]) - 1 and \
                tb["ops"][i - 1]["name"] in ("wait", "rlxwait") and \
                is_data(tb["ops"][i + 1]):
            m = copy.deepcopy(plan)
            del m["gpus"][g["id"]]["threadblocks"][tb["id"]]["ops"][i]
            out.append((f"rank {g['id']} tb {tb['id']} op {i}", m))
    return out


def drop_op(name):
    def kind(plan):
        out = []
        for g, tb, i, op in ops_of(plan):
            if op["name"] == name:
                m = copy.deepcopy(plan)
                del m["gpus"][g["id"]]["threadblocks"][tb["id"]]["ops"][i]
                out.append((f"rank {g['id']} tb {tb['id']} op {i}", m))
        return out
    return kind


def relax_signal(plan):
    out = []
    for g, tb, i, op in ops_of(plan):
        # A signal that publishes data (a data op before it on the tb).
        if op["name"] == "signal" and op.get("channel_type") == "memory" and \
                any(is_data(o) for o in tb["ops"][:i]):
            m = copy.deepcopy(plan)
            m["gpus"][g["id"]]["threadblocks"][tb["id"]]["ops"][i]["name"] = "rlxsignal"
            out.append((f"rank {g['id']} tb {tb['id']} op {i}", m))
    return out


def swap_ops(plan):
    out = []
    for g, tb, i, op in ops_of(plan):
        # Move a data op after the signal that follows it.
        ops = tb["ops"]
        if is_data(op) and i + 2 < len(ops) and ops[i + 1]["name"] == "nop" \
                and ops[i + 2]["name"] == "signal":
            m = copy.deepcopy(plan)
            mops = m["gpus"][g["id"]]["threadblocks"][tb["id"]]["ops"]
            mops[i], mops[i + 2] = mops[i + 2], mops[i]
            out.append((f"rank {g['id']} tb {tb['id']} ops {i},{i + 2}", m))
    return out


def wrong_chunk(plan):
    out = []
    for g, tb, i, op in ops_of(plan):
        if op["name"] in ("put", "copy") and op.get("dst_buff"):
            d = op["dst_buff"][0]
            count = g["output_chunks"] if d.get("type") == "o" else None
            m = copy.deepcopy(plan)
            md = m["gpus"][g["id"]]["threadblocks"][tb["id"]]["ops"][i]["dst_buff"][0]
            # The neighbouring chunk (wrapping inside the buffer when known).
            md["index"] = (d["index"] + 1) % count if count else max(d["index"] - 1, 0) \
                if d["index"] > 0 else d["index"] + 1
            out.append((f"rank {g['id']} tb {tb['id']} op {i}", m))
    return out


def wrong_peer(plan):
    out = []
    n = len(plan["gpus"])
    for g in plan["gpus"]:
        for j, rb in enumerate(g.get("remote_buffers", [])):
            other = [r for r in range(n) if r not in (rb["rank"], g["id"])]
            if not other:
                continue
            m = copy.deepcopy(plan)
            m["gpus"][g["id"]]["remote_buffers"][j]["rank"] = other[0]
            out.append((f"rank {g['id']} remote buffer {j}", m))
    return out


def drop_barrier_participant(plan):
    out = []
    for g, tb, i, op in ops_of(plan):
        if op["name"] == "barrier" and op.get("num_threadblocks", 1) > 1:
            m = copy.deepcopy(plan)
            del m["gpus"][g["id"]]["threadblocks"][tb["id"]]["ops"][i]
            out.append((f"rank {g['id']} tb {tb['id']} op {i}", m))
    return out


def unbalance_semaphore(plan):
    return drop_op("sem_release")(plan)


def wrong_double_scratch_half(plan):
    # Packets of the next run land in the half this run still reads.
    if not plan.get("use_double_scratch_buffer"):
        return []
    m = copy.deepcopy(plan)
    m["use_double_scratch_buffer"] = False
    return [("use_double_scratch_buffer off", m)]


def port_put_without_flush(plan):
    out = []
    for g, tb, i, op in ops_of(plan):
        if op["name"] == "pwsf":
            m = copy.deepcopy(plan)
            m["gpus"][g["id"]]["threadblocks"][tb["id"]]["ops"][i]["name"] = "pws"
            out.append((f"rank {g['id']} tb {tb['id']} op {i}", m))
    return out


KINDS = [
    ("drop-nop", drop_nop),
    ("drop-nop-after-wait", drop_nop_after_wait),
    ("drop-signal", drop_op("signal")),
    ("drop-wait", drop_op("wait")),
    ("relax-signal", relax_signal),
    ("swap-ops", swap_ops),
    ("wrong-chunk", wrong_chunk),
    ("wrong-peer", wrong_peer),
    ("drop-barrier-participant", drop_barrier_participant),
    ("unbalance-semaphore", unbalance_semaphore),
    ("wrong-double-scratch-half", wrong_double_scratch_half),
    ("port-put-without-flush", port_put_without_flush),
]


def load_exclusions():
    out = {}
    path = os.path.join(HERE, "mutations.tsv")
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            kind, plan, site, reason = line.rstrip("\n").split("\t")
            out[(kind, plan, site)] = reason
    return out


def detected(mscclc, path):
    p = subprocess.run([mscclc, "sim", path, "--runs", "2", "--schedules", "4",
                        "--json"], capture_output=True, text=True, timeout=600)
    # Exit 1: a check failed. Exit 2 with a located error: the mutant was
    # rejected before simulation (e.g. a wait no rank can signal), which
    # detects it too.
    rejected = p.returncode == 2 and ": error: " in p.stderr
    if p.returncode not in (0, 1) and not rejected:
        raise RuntimeError(f"mscclc sim exited {p.returncode} on {path}: "
                           f"{p.stderr[-500:]}")
    return p.returncode != 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mscclc", required=True)
    a = ap.parse_args()
    exclusions = load_exclusions()
    used = set()
    stats = {k: [0, 0] for k, _ in KINDS}
    misses = []
    with tempfile.TemporaryDirectory() as tmp:
        plans = {}
        for name, source, args in CORPUS:
            out = os.path.join(tmp, name + ".json")
            subprocess.run([a.mscclc, source, "-o", out] + args, check=True,
                           capture_output=True)
            with open(out) as f:
                plans[name] = json.load(f)
            if detected(a.mscclc, out):
                print(f"corpus plan {name} does not pass `mscclc sim`")
                return 1
        # The plan the compiler made before the write-after-read fix.
        prefix = os.path.join(HERE, "plans", "packet_reduce_war.prefix.json")
        stats["pre-fix-war-plan"] = [1, 1 if detected(a.mscclc, prefix) else 0]
        if not stats["pre-fix-war-plan"][1]:
            misses.append("pre-fix-war-plan: packet_reduce_war.prefix.json")
        for kind, make in KINDS:
            for name, plan in plans.items():
                for n, (site, mutant) in enumerate(make(plan)[:SITES]):
                    if (kind, name, site) in exclusions:
                        used.add((kind, name, site))
                        continue
                    path = os.path.join(tmp, f"{kind}-{name}-{n}.json")
                    with open(path, "w") as f:
                        json.dump(mutant, f)
                    stats[kind][0] += 1
                    if detected(a.mscclc, path):
                        stats[kind][1] += 1
                    else:
                        misses.append(f"{kind}: {name} {site}")
    for key in sorted(set(exclusions) - used):
        misses.append(f"mutations.tsv lists {key}, which no longer exists")
    for kind, (total, found) in stats.items():
        rate = 100.0 * found / total if total else 0.0
        print(f"{kind:28} {found:3}/{total:<3} detected ({rate:.0f} %)")
        if total == 0:
            misses.append(f"{kind}: no mutant in the corpus")
    for m in misses:
        print("not detected: " + m)
    total = sum(t for t, _ in stats.values())
    found = sum(f for _, f in stats.values())
    print(f"mutations: {found}/{total} mutants detected, {len(used)} excluded "
          f"as harmless (tests/sim/mutations.tsv)")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
