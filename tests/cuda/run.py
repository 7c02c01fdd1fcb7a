#!/usr/bin/env python3
"""Host runs of baked kernels: scripts/run-baked over a set of inputs.

Every input is baked with `mscclc --emit-cuda`, built for the host
(runtime-min, CPU threads) and launched 3 times back to back at two sizes
(the plan's default and a second valid one) and two element types, and
every rank's output must be bit-equal to `mscclc sim --semantics intended`
on the same plan and inputs, whose own checks (the collective's definition,
races, deadlocks) must pass.

A plan the simulator finds wrong under intended semantics (tests/sim/
verdicts.tsv: a race, deadlock or wrong result, not only an executor
defect) has nothing to compare with: run-baked must say so (exit 3), and a
plan the compiler rejects must fail to bake.

  run.py --mscclc PATH --set default|full [--only TEXT] [--jobs N]

`default` is the samples plus at least one reference plan per op kind and
channel type; `full` is every sample, reference plan, conformance port and
own simulator program/plan (ctest -L cuda-full). Prints one line per input
and a summary; exits 1 on any problem.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tests", "sim"))
import run as simrun  # noqa: E402  (verdicts, manifest and sizes)

# One reference plan per op kind and channel type, and per plan feature
# (packets LL16/LL8, double scratch, pipelines, reuse_resources, barrier,
# semaphores, thread-block groups, switch ops, port channels).
DEFAULT_PLANS = [
    "single_node.allgather",                      # memory put, (rlx)signal/wait
    "single_node.allgather_tbg",                  # thread-block groups, barrier
    "single_node.allgather_pkt_rppkt_n2",         # cpkt, rppkt, upkt; LL, 2x scratch
    "single_node.allreduce_pkt_n2",               # ppkt, respkt
    "single_node.allreduce_pipeline",             # pipeline, semaphores, glres,
                                                  # reuse_resources
    "single_node.allgather_nvls_zero_copy_pkt_n2",  # gstorepkt
    "multi_node.allgather_g2",                    # port pwsf, signal, wait
    "multi_node.reducescatter_pkt_g2",            # port rppkt; recpkt, repkt
    "unit_tests.get_test",                        # get
    "unit_tests.read_reduce_send_test",           # rres
    "unit_tests.reduce_send_test",                # res
    "unit_tests.flush_test",                      # flush
    "unit_tests.put_with_signal_and_flush_test",  # port pwsf
    "unit_tests.switch_broadcast_test",           # gstore (a racy plan: the
                                                  # simulator says so)
]

# Samples again with other parameters, at sizes of our choosing: the NVLS
# AllReduce with 4-byte alignment, whose blocks of 36 and 1,000 bytes end
# in a partial 16-byte unit and start unaligned (the switch ops' tails).
SAMPLE_VARIANTS = [
    ("allreduce_nvls.cpp", ["-P", "buffer_alignment=4"], [144, 4000]),
]


def baked_expectation(verdicts, key):
    """'agree', 'wrong' (the simulator rejects it) or 'rejected'."""
    intended = verdicts.get(key + " --semantics intended")
    verdict, kinds, _ = intended or verdicts.get(key, ("pass", set(), ""))
    if verdict == "rejected":
        return "rejected"
    if verdict == "fail" and (intended or kinds - {"defect"}):
        return "wrong"
    return "agree"


def sizes_of(mscclc, args):
    rc, report, err = simrun.sim(mscclc, args + ["--runs", "1",
                                                 "--semantics", "intended"])
    if report is None:
        return None
    return list(dict.fromkeys([report["size"], simrun.second_size(report)]))


def run_settings(args):
    """CPU threads per thread block (fewer for plans with many blocks) and
    packet formats (LL plans run with both), from a plan's JSON."""
    if not args[0].endswith(".json"):
        return 4, "ll16"
    import json
    with open(args[0]) as f:
        plan = json.load(f)
    tbs = sum(len(g["threadblocks"]) for g in plan["gpus"])
    threads = 1 if tbs > 256 else 2 if tbs > 64 else 4
    return threads, "ll16,ll8" if plan.get("protocol") == "LL" else "ll16"


def check(label, mscclc, args, expect, dtypes, sizes=None):
    if sizes is None:
        sizes = sizes_of(mscclc, args) if expect != "rejected" else []
    if expect != "rejected" and not sizes:
        return [f"{label}: mscclc sim gives no report"]
    threads, packets = run_settings(args)
    cmd = [sys.executable, os.path.join(REPO, "scripts", "run-baked")] + \
        args + ["--mscclc", mscclc, "--runs", "3", "--dtype", ",".join(dtypes),
                "--threads", str(threads), "--packet", packets]
    if sizes:
        cmd += ["--size", ",".join(str(s) for s in sizes)]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    out = (p.stdout + p.stderr).strip()
    want = {"agree": (0,), "wrong": (3,), "rejected": (1, 2, 3)}[expect]
    if p.returncode not in want:
        return [f"{label}: expected {expect}, run-baked exit {p.returncode}:\n"
                + "\n".join("    " + l for l in out.splitlines()[-12:])]
    return []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mscclc", required=True)
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"))
    ap.add_argument("--set", choices=["default", "full"], default="default")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only")
    ap.add_argument("--dtypes",
                    help="element types for every input instead of each "
                         "kind's two (samples f32,f16; plans f32,i32), "
                         "e.g. u8,bf16,u32")
    a = ap.parse_args()
    verdicts = simrun.load_verdicts()
    jobs = []  # (label, args, expectation, dtypes[, sizes])
    for f in sorted(os.listdir(os.path.join(REPO, "samples"))):
        if f.endswith(".cpp"):
            jobs.append((f"sample {f}", [os.path.join(REPO, "samples", f)],
                         "agree", ["f32", "f16"]))
    for f, params, sizes in SAMPLE_VARIANTS:
        jobs.append((f"sample {f} {' '.join(params)}",
                     [os.path.join(REPO, "samples", f)] + params, "agree",
                     ["f32", "f16"], sizes))
    plans = os.path.join(a.shared, "conformance", "plans")
    if os.path.isdir(plans):
        names = sorted(f[:-5] for f in os.listdir(plans) if f.endswith(".json"))
        if a.set == "default":
            missing = [n for n in DEFAULT_PLANS if n not in names]
            if missing:
                print(f"cuda: default plans not in {plans}: {missing}")
                return 1
            names = DEFAULT_PLANS
        for name in names:
            jobs.append((f"plan {name}", [os.path.join(plans, name + ".json")],
                         baked_expectation(verdicts, name), ["f32", "i32"]))
    else:
        print(f"cuda: {plans} not found; reference plans skipped")
    if a.set == "full":
        for row in simrun.manifest_rows():
            args, key = simrun.port_job(row)
            jobs.append((f"port {row['name']}", args,
                         baked_expectation(verdicts, key), ["f32", "i32"]))
        for sub, kind in (("programs", ".cpp"), ("plans", ".json")):
            folder = os.path.join(REPO, "tests", "sim", sub)
            for f in sorted(os.listdir(folder)):
                if f.endswith(kind):
                    name = f[: -len(kind)]
                    jobs.append((f"{sub[:-1]} {name}",
                                 [os.path.join(folder, f)],
                                 baked_expectation(verdicts, name),
                                 ["f32", "i32"]))
    if a.only:
        jobs = [j for j in jobs if a.only in j[0]]
    if a.dtypes:
        jobs = [(label, args, expect, a.dtypes.split(","), *rest)
                for label, args, expect, _, *rest in jobs]
    problems = []
    counts = {"agree": 0, "wrong": 0, "rejected": 0}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futures = {pool.submit(check, label, a.mscclc, args, expect, dtypes,
                               *rest):
                   (label, expect) for label, args, expect, dtypes, *rest
                   in jobs}
        for fut in concurrent.futures.as_completed(futures):
            label, expect = futures[fut]
            found = fut.result()
            problems += found
            if not found:
                counts[expect] += 1
            print(f"{'FAIL' if found else 'ok  '} {label} ({expect})",
                  flush=True)
    for p in problems:
        print(p)
    print(f"cuda host runs: {len(jobs)} inputs, {counts['agree']} baked == sim "
          f"at 2 sizes x {a.dtypes or '2 dtypes'} (LL plans: x LL16/LL8) x 3 launches, {counts['wrong']} found wrong "
          f"by the simulator as expected, {counts['rejected']} rejected as "
          f"expected, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
