#!/usr/bin/env bash
# Programs whose reference run fails (../shared/conformance/
# REFERENCE_FAILURES.tsv) have no reference plan to compare with. Where the
# fault is only the reference's (a renamed API, a bad argument mapping), the
# port in tests/conformance/ must still compile; this checks the STRUCTURE of
# its plan against facts derived from the upstream program and verified
# against the upstream program's own plan once the reference-side fault was
# fixed by hand (the counts in VERIFIED below; nothing from upstream is
# stored or run here).
#   check.sh MSCCLC CONFDIR NAME SOURCE ALGO "PARAMS"
set -u
mscclc=$1 confdir=$2 name=$3 src=$4 algo=$5 params=${6:-}
if ! command -v python3 > /dev/null; then
  echo "SKIP: python3 not found: the plan's structure is checked in Python"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/$name.json"
args=()
for p in $params; do
  case $p in
    -*) args+=("$p") ;; # a compiler flag
    *) args+=(-P "$p") ;;
  esac
done
echo "rerun: mscclc tests/conformance/$src --algo $algo ${args[*]} -o $name.json"
if ! "$mscclc" "$confdir/$src" --algo "$algo" "${args[@]}" -o "$out"; then
  echo "FAIL: compile error"
  exit 1
fi
python3 - "$out" "$name" "$algo" "$params" <<'EOF'
import collections
import json
import sys

path, name, algo, params = sys.argv[1:5]
plan = json.load(open(path))
p = dict(x.split("=", 1) for x in params.split() if "=" in x and not x.startswith("-"))
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


# ---------------------------------------------------------------------------
# What the upstream program implies, as a function of its parameters.
#   collective, inplace, protocol, double scratch, gpus, per-gpu chunk counts,
#   thread blocks per gpu, channel kinds, and the op names it can produce.
def expectations():
    if algo == "allgather_ring":
        # AllGather(n, 1, inplace=True), instances=32, Simple; every rank
        # signals/waits (relaxed) and puts on tb 0 (x32 instances).
        n, inst = int(p.get("num_gpus", 8)), 32
        return dict(collective="allgather", inplace=True, protocol="Simple",
                    double_scratch=False, gpus=n, input=inst, output=n * inst,
                    scratch=0, tbs=inst, channels={"memory": (n - 1) * inst},
                    ops={"nop", "put", "rlxsignal", "rlxwait"})
    if algo == "alltoall_pkt":
        # AllToAll(n, 1, inplace=True), instances=2, LL, double scratch;
        # scratch of n-1 chunks per rank; tb k sends to/unpacks from peer k.
        n, inst = int(p.get("num_gpus", 8)), 2
        return dict(collective="alltoall", inplace=True, protocol="LL",
                    double_scratch=True, gpus=n, input=n * inst,
                    output=n * inst, scratch=(n - 1) * inst,
                    tbs=(n - 1) * inst, channels={"memory": (n - 1) * inst},
                    ops={"nop", "ppkt", "upkt"})
    if algo == "allgather_tbg":
        # Upstream's call passes --gpus_per_node as the tb-group size and
        # --tbg_size as the ranks per node; the port keeps that mapping.
        n = int(p.get("num_gpus", 16))
        group = int(p.get("gpus_per_node", 8))
        local = int(p.get("tbg_size", 2))
        nodes = n // local
        ports = 1 if nodes == 2 else 2  # next and previous node
        return dict(collective="allgather", inplace=False, protocol="Simple",
                    double_scratch=False, gpus=n, input=1, output=n,
                    scratch=n, tbs=local * group + 1,
                    channels={"memory": (local - 1) * group, "port": ports},
                    ops={"nop", "signal", "wait", "rlxsignal", "rlxwait",
                         "put", "pwsf", "copy", "barrier"})
    failures.append("no expectations for algorithm " + algo)
    return None


# Per-gpu op counts (nested ops included) of the upstream program's plan,
# regenerated once with the reference-side fault fixed (MSCCLPPProgram ->
# CollectiveProgram; put_packet/unpack_packet -> put_packets/unpack_packets;
# allgather_tbg run with --tbg_size 2). mscclc's plan equalled those plans
# as JSON (byte-identical) when these were recorded. Every gpu has the same
# counts in these programs.
VERIFIED = {
    "single_node.allgather_ring_n2": {"nop": 192, "put": 32, "rlxsignal": 64, "rlxwait": 64},
    "single_node.allgather_ring_n4": {"nop": 192, "put": 32, "rlxsignal": 64, "rlxwait": 64},
    "single_node.allgather_ring_n8": {"nop": 192, "put": 32, "rlxsignal": 64, "rlxwait": 64},
    "single_node.alltoall_pkt_n2": {"nop": 2, "ppkt": 2, "upkt": 2},
    "single_node.alltoall_pkt_n4": {"nop": 6, "ppkt": 6, "upkt": 6},
    "single_node.alltoall_pkt_n8": {"nop": 14, "ppkt": 14, "upkt": 14},
    "multi_node.allgather_tbg_n4g2": {
        "barrier": 5, "copy": 8, "nop": 12, "put": 4, "pwsf": 1,
        "rlxsignal": 2, "rlxwait": 2, "signal": 5, "wait": 6},
    "multi_node.allgather_tbg_n16g8": {
        "barrier": 119, "copy": 128, "nop": 144, "put": 64, "pwsf": 7,
        "rlxsignal": 8, "rlxwait": 8, "signal": 65, "wait": 72},
}

SIGNALS = {"signal", "rlxsignal", "pws", "pwsf"}
WAITS = {"wait", "rlxwait"}
BUF = {"i": "input_chunks", "o": "output_chunks", "s": "scratch_chunks"}

e = expectations()
if e is not None:
    check(plan.get("name") == p.get("name", plan.get("name")),
          f"name {plan.get('name')!r}, expected {p.get('name')!r}")
    for key, want in [("collective", e["collective"]),
                      ("protocol", e["protocol"]), ("inplace", e["inplace"]),
                      ("use_double_scratch_buffer", e["double_scratch"])]:
        check(plan.get(key) == want, f"{key} is {plan.get(key)!r}, expected {want!r}")
    gpus = plan.get("gpus", [])
    check(len(gpus) == e["gpus"], f"{len(gpus)} gpus, expected {e['gpus']}")
    check([g.get("id") for g in gpus] == list(range(len(gpus))),
          "gpu ids are not 0..n-1 in order")
    by_id = {g.get("id"): g for g in gpus}
    # (issuer, peer, channel kind) -> number of signals / waits
    signals, waits = collections.Counter(), collections.Counter()
    for g in gpus:
        gid = g["id"]
        for key, want in [("input_chunks", e["input"]),
                          ("output_chunks", e["output"]),
                          ("scratch_chunks", e["scratch"])]:
            check(g.get(key) == want, f"gpu {gid}: {key} is {g.get(key)}, expected {want}")
        tbs = g.get("threadblocks", [])
        check(len(tbs) == e["tbs"], f"gpu {gid}: {len(tbs)} thread blocks, expected {e['tbs']}")
        check([t.get("id") for t in tbs] == list(range(len(tbs))),
              f"gpu {gid}: thread block ids are not 0..n-1 in order")
        peers = {c["channel_type"]: c["connected_to"] for c in g.get("channels", [])}
        check(len(peers) == len(g.get("channels", [])),
              f"gpu {gid}: a channel kind is listed twice")
        got = {k: len(v) for k, v in peers.items()}
        check(got == e["channels"], f"gpu {gid}: channels {got}, expected {e['channels']}")
        for kind, to in peers.items():
            check(all(0 <= r < len(gpus) and r != gid for r in to),
                  f"gpu {gid}: {kind} channel to a bad rank: {to}")
        rbufs = g.get("remote_buffers", [])
        counts = collections.Counter()
        barriers = collections.Counter()
        barrier_size = {}
        for tb in tbs:
            where = f"gpu {gid} tb {tb['id']}"
            tbch = {c["channel_type"]: c["channel_ids"] for c in tb.get("channels", [])}
            for kind, ids in tbch.items():
                check(kind in peers and all(0 <= i < len(peers[kind]) for i in ids),
                      f"{where}: channel list {kind} {ids} outside the gpu's channels")
            refs = {r["access_channel_type"]: r["remote_buffer_ids"]
                    for r in tb.get("remote_buffer_refs", [])}
            for kind, ids in refs.items():
                check(all(0 <= i < len(rbufs) for i in ids),
                      f"{where}: remote buffer refs {kind} {ids} out of range")

            def bounds(op, b, what):
                if "type" in b:
                    limit = g.get(BUF.get(b["type"], ""), -1)
                    owner = f"local {b['type']}"
                else:
                    kind = op.get("channel_type")
                    ids = refs.get(kind, [])
                    bid = b.get("buffer_id", -1)
                    if not 0 <= bid < len(ids):
                        failures.append(f"{where}: {op['name']} {what} buffer_id {bid} not in the tb's {kind} remote buffers")
                        return
                    rb = rbufs[ids[bid]]
                    limit = by_id.get(rb["rank"], {}).get(BUF.get(rb["type"], ""), -1)
                    owner = f"rank {rb['rank']} {rb['type']}"
                check(b["index"] >= 0 and b["size"] >= 0 and b["index"] + b["size"] <= limit,
                      f"{where}: {op['name']} {what} [{b['index']}:{b['index'] + b['size']}] exceeds {owner} ({limit} chunks)")

            def visit(op):
                nm = op.get("name")
                counts[nm] += 1
                check(nm in e["ops"], f"{where}: unexpected op {nm!r}")
                for b in op.get("src_buff", []):
                    bounds(op, b, "src")
                for b in op.get("dst_buff", []):
                    bounds(op, b, "dst")
                if "channel_ids" in op:
                    kind = op.get("channel_type")
                    ids = tbch.get(kind)
                    if ids is None:
                        failures.append(f"{where}: {nm} on {kind} channels but the tb has none")
                    else:
                        for c in op["channel_ids"]:
                            if not 0 <= c < len(ids):
                                failures.append(f"{where}: {nm} channel id {c} outside the tb's {kind} channel list ({len(ids)} entries)")
                            elif nm in SIGNALS or nm in WAITS:
                                peer = peers[kind][ids[c]]
                                if nm in SIGNALS:
                                    signals[(gid, peer, kind)] += 1
                                else:
                                    waits[(gid, peer, kind)] += 1
                elif nm in SIGNALS or nm in WAITS:
                    failures.append(f"{where}: {nm} without channel_ids")
                if nm == "barrier":
                    barriers[op["barrier_id"]] += 1
                    barrier_size.setdefault(op["barrier_id"], op["num_threadblocks"])
                    check(barrier_size[op["barrier_id"]] == op["num_threadblocks"],
                          f"{where}: barrier {op['barrier_id']} with differing num_threadblocks")
                for inner in op.get("ops", []):
                    visit(inner)

            for op in tb.get("ops", []):
                visit(op)
        for bid, k in barriers.items():
            check(k % barrier_size[bid] == 0,
                  f"gpu {gid}: barrier {bid} occurs {k} times, not a multiple of its {barrier_size[bid]} thread blocks")
        want = VERIFIED.get(name)
        if want is not None:
            check(dict(counts) == want, f"gpu {gid}: op counts {dict(sorted(counts.items()))}, verified {want}")
        else:
            print(f"note: no verified op counts for {name}")
    # Every signal is consumed by exactly one wait on the peer.
    for (a, b, kind) in set(signals) | {(b, a, k) for (a, b, k) in waits}:
        ns, nw = signals[(a, b, kind)], waits[(b, a, kind)]
        check(ns == nw, f"{kind}: rank {a} signals rank {b} {ns} time(s), rank {b} waits for rank {a} {nw} time(s)")

for f in failures[:20]:
    print("FAIL:", f)
if len(failures) > 20:
    print(f"FAIL: ... and {len(failures) - 20} more")
if failures:
    sys.exit(1)
print(f"PASS: structure of {name} ({len(plan['gpus'])} gpus) as expected")
EOF
