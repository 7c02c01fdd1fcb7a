#!/usr/bin/env python3
"""Baked kernels under ThreadSanitizer (scripts/run-baked --tsan).

Two halves:

1. Correct plans run clean: every sample and the reference plans of
   tests/cuda/run.py's default set that the simulator passes are baked,
   built for the host with -fsanitize=thread and launched 3 times back to
   back; ThreadSanitizer must report nothing and the outputs must equal
   `mscclc sim --semantics intended`.

2. Broken plans are caught: the simulator's mutation corpus
   (tests/sim/mutate.py: dropped nops, signals and waits, relaxed signals,
   swapped ops, wrong chunks and peers, a dropped barrier participant, an
   unbalanced semaphore, double scratch off, a port put without flush) is
   baked and run the same way. What the simulator says about a mutant
   (intended semantics, 3 runs x 4 schedules) decides what the baked run
   must show:
     - a race on plain data  -> ThreadSanitizer reports a data race (in
                                one of up to 4 runs: whether an execution
                                orders the two accesses by chance depends
                                on its interleaving);
     - a deadlock            -> the runtime's watchdog reports it (or
                                ThreadSanitizer a race first);
     - rejected before simulation -> --emit-cuda refuses it too;
     - nothing, or only a wrong result -> the baked run is clean.
   A race the simulator finds only between launches (none in one
   launch: a peer's next launch writing what the previous one, or its
   host's check, still reads) or with a host's fill of the input cannot
   happen in host_run, which fills every input before the first launch and
   starts each launch only after every rank and its host finished the
   previous one: those mutants may run clean. A race the simulator finds
   only between packet ops (a packet slot overwritten before it is read)
   is the one kind ThreadSanitizer cannot see: packet words are atomic by
   design (they are the synchronisation), so those mutants may run clean
   or deadlock.

  tsan.py --mscclc PATH [--sites N] [--jobs N]

--sites: mutants per (kind, corpus plan); the default run takes 1, ctest -L
cuda-full every site the simulator's own mutation test takes. Prints one
line per input and a summary; exits 1 on any problem.
"""
import argparse
import concurrent.futures
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tests", "sim"))
import mutate  # noqa: E402

# tests/cuda/run.py (plan sets, expectations, run settings), loaded by path:
# it imports tests/sim/run.py as `run` itself.
_spec = importlib.util.spec_from_file_location(
    "cudarun", os.path.join(HERE, "run.py"))
cudarun = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cudarun)

PACKET_OPS = {"cpkt", "ppkt", "rppkt", "upkt", "repkt", "respkt", "recpkt",
              "recspkt", "gstorepkt"}
# Deadlocked launches give up after this long without progress.
WATCHDOG_MS = "2000"
# Baked runs of a mutant with a simulated data race, at most, until
# ThreadSanitizer reports it (see check_mutant).
RACE_ATTEMPTS = 4


def run_baked(mscclc, args, no_compare, threads, packets):
    cmd = [sys.executable, os.path.join(REPO, "scripts", "run-baked")] + \
        args + ["--mscclc", mscclc, "--tsan", "--runs", "3", "--dtype", "f32",
                "--threads", str(threads), "--packet", packets]
    if no_compare:
        cmd.append("--no-compare")
    env = dict(os.environ, MSCCLC_WATCHDOG_MS=WATCHDOG_MS)
    p = subprocess.run(cmd, capture_output=True, text=True, env=env,
                       timeout=1800)
    out = p.stdout + p.stderr
    if "mscclc --emit-cuda failed" in out:
        seen = "rejected"
    elif "ThreadSanitizer reports a data race" in out:
        seen = "race"
    elif "deadlocked" in out:
        seen = "deadlock"
    elif p.returncode == 0:
        seen = "clean"
    else:
        seen = f"exit {p.returncode}"
    return seen, out


def tail(out, n=15):
    return "\n".join("    " + l for l in out.strip().splitlines()[-n:])


def check_clean(label, mscclc, args):
    threads, packets = cudarun.run_settings(args)
    seen, out = run_baked(mscclc, args, False, threads, packets)
    if seen != "clean":
        return [f"{label}: expected a clean run, got {seen}:\n{tail(out)}"]
    return []


def data_race_in_one_launch(mscclc, path):
    """Whether the simulator finds a race on plain data within one launch,
    other than with a host's fill (host_run fills before launching). A
    simulation of one launch, not the findings of three: those keep one
    race per op, which may pair a rank that ran ahead with an older run
    and hide a race within one launch."""
    p = subprocess.run([mscclc, "sim", path, "--semantics", "intended",
                        "--runs", "1", "--schedules", "4", "--json"],
                       capture_output=True, text=True, timeout=600)
    if p.returncode not in (0, 1):
        return True  # let the 3-run verdict decide
    return any(f["kind"] == "race" and f["op_name"] not in PACKET_OPS and
               "host-fill" not in (f["agent"], f["other"]["agent"])
               for f in json.loads(p.stdout)["findings"])


def sim_expectation(mscclc, path):
    """What the baked run of a mutant must show, from the simulator."""
    p = subprocess.run([mscclc, "sim", path, "--semantics", "intended",
                        "--runs", "3", "--schedules", "4", "--json"],
                       capture_output=True, text=True, timeout=600)
    if p.returncode == 2 and ": error: " in p.stderr:
        return {"rejected"}, "rejected"
    if p.returncode not in (0, 1):
        return None, f"mscclc sim exited {p.returncode}: {p.stderr[-300:]}"
    findings = json.loads(p.stdout)["findings"]
    kinds = {f["kind"] for f in findings}

    def on_packets(f):
        return f["op_name"] in PACKET_OPS

    data_race = any(f["kind"] == "race" and not on_packets(f)
                    for f in findings)
    packet_race = any(f["kind"] == "race" and on_packets(f)
                      for f in findings)
    deadlocks = [f for f in findings if f["kind"] == "deadlock"]
    if deadlocks and packet_race and all(on_packets(f) for f in deadlocks):
        # A packet overwritten before it is read: whether a reader then
        # waits forever depends on the interleaving.
        return {"clean", "deadlock"} | ({"race"} if data_race else set()), \
            "packet race"
    if deadlocks:
        return {"deadlock", "race"}, "deadlock"
    if data_race and not data_race_in_one_launch(mscclc, path):
        # host_run fills first and does not overlap launches.
        return {"clean", "race"}, "race between launches or with a fill"
    if data_race:
        return {"race"}, "race"
    if packet_race:
        return {"clean", "deadlock"}, "packet race"
    return {"clean"}, ",".join(sorted(kinds)) or "pass"


def check_mutant(label, mscclc, path):
    allowed, said = sim_expectation(mscclc, path)
    if allowed is None:
        return [f"{label}: {said}"], said, None
    threads, packets = cudarun.run_settings([path])
    seen, out = run_baked(mscclc, [path], True, threads, packets)
    # ThreadSanitizer reports a race only when this execution did not happen
    # to order the two accesses through other synchronisation (a later
    # wait, a spin on another channel): a race the simulator proves can run
    # clean once. Try again before calling it missed.
    for _ in range(RACE_ATTEMPTS - 1):
        if seen != "clean" or "race" not in allowed or "clean" in allowed:
            break
        seen, out = run_baked(mscclc, [path], True, threads, packets)
    if seen not in allowed:
        return [f"{label}: the simulator finds {said}; the baked run under "
                f"ThreadSanitizer shows {seen}:\n{tail(out)}"], said, seen
    return [], said, seen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mscclc", required=True)
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"))
    ap.add_argument("--sites", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    probe = subprocess.run(["c++", "-fsanitize=thread", "-x", "c++", "-",
                            "-o", os.devnull], input="int main(){}",
                           capture_output=True, text=True)
    if probe.returncode != 0:
        print("tsan: the C++ compiler cannot build with -fsanitize=thread; "
              "skipped")
        return 77
    verdicts = cudarun.simrun.load_verdicts()
    clean = []
    for f in sorted(os.listdir(os.path.join(REPO, "samples"))):
        if f.endswith(".cpp"):
            clean.append((f"sample {f}", [os.path.join(REPO, "samples", f)]))
    for f, params, sizes in cudarun.SAMPLE_VARIANTS:
        clean.append((f"sample {f} {' '.join(params)}",
                      [os.path.join(REPO, "samples", f)] + params +
                      ["--size", ",".join(str(s) for s in sizes)]))
    plans = os.path.join(a.shared, "conformance", "plans")
    if os.path.isdir(plans):
        for name in cudarun.DEFAULT_PLANS:
            if cudarun.baked_expectation(verdicts, name) == "agree":
                clean.append((f"plan {name}",
                               [os.path.join(plans, name + ".json")]))
    else:
        print(f"tsan: {plans} not found; reference plans skipped")
    problems = []
    tally = {}
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futures = {pool.submit(check_clean, label, a.mscclc, args): label
                   for label, args in clean}
        for fut in concurrent.futures.as_completed(futures):
            found = fut.result()
            problems += found
            print(f"{'FAIL' if found else 'ok  '} {futures[fut]}: "
                  f"{'clean, baked == sim' if not found else 'see below'}",
                  flush=True)
        mutants = []
        for name, source, args in mutate.CORPUS:
            out = os.path.join(tmp, name + ".json")
            subprocess.run([a.mscclc, source, "-o", out] + args, check=True,
                           capture_output=True)
            with open(out) as f:
                plan = json.load(f)
            for kind, make in mutate.KINDS:
                for n, (site, m) in enumerate(make(plan)[:a.sites]):
                    path = os.path.join(tmp, f"{kind}-{name}-{n}.json")
                    with open(path, "w") as f:
                        json.dump(m, f)
                    mutants.append((f"mutant {kind} {name} {site}", path))
        futures = {pool.submit(check_mutant, label, a.mscclc, path): label
                   for label, path in mutants}
        for fut in concurrent.futures.as_completed(futures):
            found, said, seen = fut.result()
            problems += found
            key = (said, seen)
            tally[key] = tally.get(key, 0) + (0 if found else 1)
            print(f"{'FAIL' if found else 'ok  '} {futures[fut]}: simulator "
                  f"{said}, baked {seen}", flush=True)
    for p in problems:
        print(p)
    caught = sum(n for (said, seen), n in tally.items() if said == "race")
    print(f"tsan: {len(clean)} correct inputs run clean under "
          f"ThreadSanitizer (3 launches, baked == sim); {len(mutants)} "
          f"mutants: " + ", ".join(
              f"{n} simulator {said} -> baked {seen}"
              for (said, seen), n in sorted(tally.items()) if n) +
          f"; {caught} data races reported; {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
