#!/usr/bin/env python3
"""Simulates every reference plan, sample and conformance port with
`mscclc sim` and checks each verdict.

- Reference plans (../shared/conformance/plans): at the plan's default size
  and a second valid size, in f32 and f16, 2 runs back to back, executor
  semantics. tests/sim/verdicts.tsv lists the plans that must fail (with the
  finding kinds they must show, and why) or be rejected; every other plan
  must pass. A plan whose only findings are executor defects must also pass
  under --semantics intended.
- Conformance ports (tests/conformance/manifest.tsv) and the ports of
  tests/failures, compiled from source: the same verdict as their plan, at
  two sizes with 2 runs; a failing port's findings must name its source
  file and line.
- Samples and our own programs (tests/sim/programs) and plans
  (tests/sim/plans, e.g. plans the compiler made before a fix): as
  verdicts.tsv says, passing by default; a verdict line "NAME --flag ..."
  also simulates NAME with those flags (e.g. --semantics intended).

Prints one line per failure and a summary; exits 1 on any failure.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def load_verdicts():
    verdicts = {}
    with open(os.path.join(HERE, "verdicts.tsv")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, verdict, kinds, reason = line.rstrip("\n").split("\t")
            verdicts[name] = (verdict, set(k for k in kinds.split(",") if k), reason)
    return verdicts


def sim(mscclc, args):
    p = subprocess.run([mscclc, "sim", "--json"] + args, capture_output=True,
                       text=True, timeout=600)
    try:
        report = json.loads(p.stdout) if p.stdout.strip() else None
    except json.JSONDecodeError:
        report = None
    return p.returncode, report, p.stderr


def second_size(report):
    r = report["size_range"]
    size = report["size"]
    if size * 4 <= r["max"]:
        return size * 4
    return r["min"] if r["min"] != size else size


def check(label, mscclc, args, expect, dtypes, from_source, intended=None):
    """Runs one input in every configuration; returns a list of problems."""
    verdict, kinds, _ = expect
    problems = []
    rc, report, err = sim(mscclc, args + ["--runs", "2", "--schedules", "2"])
    if verdict == "rejected":
        if rc != 2 or report is not None:
            problems.append(f"{label}: expected to be rejected before "
                            f"simulation, got exit {rc}")
        return problems
    if report is None:
        return [f"{label}: no report (exit {rc}): {err.strip()[:300]}"]
    sizes = [report["size"], second_size(report)]
    for size in dict.fromkeys(sizes):
        for dtype in dtypes:
            rc, rep, err = sim(mscclc, args + ["--runs", "2", "--size", str(size),
                                               "--dtype", dtype])
            if rep is None:
                problems.append(f"{label} size {size} {dtype}: no report "
                                f"(exit {rc}): {err.strip()[:300]}")
                continue
            found = set(f["kind"] for f in rep["findings"])
            want_rc = 0 if verdict == "pass" else 1
            if found != kinds or rc != want_rc:
                first = rep["findings"][0]["message"] if rep["findings"] else ""
                problems.append(
                    f"{label} size {size} {dtype}: expected "
                    f"{verdict} {sorted(kinds)}, got {rep['verdict']} "
                    f"{sorted(found)} (exit {rc}) {first[:200]}")
            if from_source:
                for f in rep["findings"]:
                    if f["op"] >= 0 and f["kind"] in ("race", "deadlock") \
                            and not f["location"]:
                        problems.append(f"{label}: a {f['kind']} finding on "
                                        f"op {f['op']} has no source location")
                        break
    if verdict == "fail" and kinds == {"defect"}:
        # Only executor defects: intended semantics must pass, unless
        # verdicts.tsv says otherwise ("NAME --semantics intended").
        want, want_kinds, _ = intended or ("pass", set(), "")
        rc, rep, err = sim(mscclc, args + ["--runs", "2", "--semantics",
                                           "intended"])
        got = (rep["verdict"], set(f["kind"] for f in rep["findings"])) \
            if rep else None
        if got != (want, want_kinds):
            problems.append(f"{label}: only executor defects, but under "
                            f"--semantics intended it gives {got}, not "
                            f"{want} {sorted(want_kinds)}")
    return problems


def manifest_rows():
    path = os.path.join(REPO, "tests", "conformance", "manifest.tsv")
    with open(path) as f:
        lines = f.read().splitlines()
    header = lines[0].split("\t")
    for line in lines[1:]:
        if line.strip():
            yield dict(zip(header, line.split("\t")))


def port_job(row):
    """A manifest row's command-line arguments and its verdicts.tsv key
    (a port compiled past the executor's limits has its own entry,
    "NAME --allow-limit-violations")."""
    conformance = os.path.join(REPO, "tests", "conformance")
    args = [os.path.normpath(os.path.join(conformance, row["source"]))]
    if row["algo"]:
        args += ["--algo", row["algo"]]
    flags = [p for p in row["params"].split() if p.startswith("--")]
    for p in row["params"].split():
        args += [p] if p.startswith("--") else ["-P", p]
    return args, " ".join([row["name"]] + flags)


def failure_ports():
    folder = os.path.join(REPO, "tests", "failures")
    ports = os.path.join(REPO, "tests", "conformance")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".test"):
            continue
        with open(os.path.join(folder, name)) as f:
            for line in f:
                m = re.match(r"# RUN: mscclc (%ports/\S+)(.*) -o %t.json", line)
                if m:
                    args = shlex.split(m.group(2))
                    yield name[:-5], [m.group(1).replace("%ports", ports)] + args
                    break


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mscclc", required=True)
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", help="run only inputs whose name contains this")
    a = ap.parse_args()
    verdicts = load_verdicts()
    passing = ("pass", set(), "")
    jobs = []  # (label, args, expect, dtypes, from_source)
    plans = os.path.join(a.shared, "conformance", "plans")
    have_shared = os.path.isdir(plans)
    if have_shared:
        for f in sorted(os.listdir(plans)):
            if f.endswith(".json"):
                name = f[:-5]
                jobs.append((f"plan {name}", [os.path.join(plans, f)],
                             verdicts.get(name, passing), ["f32", "f16"], False))
        known = set(f[:-5] for f in os.listdir(plans))
        known |= set(n for n, _ in failure_ports())
        for sub in ("programs", "plans"):
            own = set(os.path.splitext(f)[0]
                      for f in os.listdir(os.path.join(HERE, sub)))
            known |= own
            # "NAME --flag ...": the same input simulated with those flags.
            known |= set(v for v in verdicts if v.split(" --")[0] in own)
        known |= set(" ".join([r["name"]] + [p for p in r["params"].split()
                                              if p.startswith("--")])
                     for r in manifest_rows())
        known |= set(k + " --semantics intended" for k in list(known))
        unknown = set(verdicts) - known
        for name in sorted(unknown):
            print(f"verdicts.tsv names {name}, which is not a reference plan")
            return 1
    else:
        print(f"sim: {plans} not found; reference plans skipped")
    for row in manifest_rows():
        args, key = port_job(row)
        jobs.append((f"port {row['name']}", args, verdicts.get(key, passing),
                     ["f32"], True,
                     verdicts.get(key + " --semantics intended")))
    for name, args in failure_ports():
        jobs.append((f"failure-port {name}", args, verdicts.get(name, passing),
                     ["f32"], True))
    # Our own programs and plans (tests/sim/programs, tests/sim/plans).
    for sub, kind in (("programs", ".cpp"), ("plans", ".json")):
        folder = os.path.join(HERE, sub)
        for f in sorted(os.listdir(folder)):
            if f.endswith(kind):
                name = f[: -len(kind)]
                jobs.append((f"{sub[:-1]} {name}", [os.path.join(folder, f)],
                             verdicts.get(name, passing), ["f32", "f16"],
                             kind == ".cpp"))
                for key in sorted(verdicts):
                    if key.startswith(name + " --"):
                        flags = key[len(name) + 1:].split()
                        jobs.append((f"{sub[:-1]} {key}",
                                     [os.path.join(folder, f)] + flags,
                                     verdicts[key], ["f32", "f16"],
                                     kind == ".cpp"))
    for f in sorted(os.listdir(os.path.join(REPO, "samples"))):
        if f.endswith(".cpp"):
            jobs.append((f"sample {f}", [os.path.join(REPO, "samples", f)],
                         passing, ["f32", "f16"], True))
    if a.only:
        jobs = [j for j in jobs if a.only in j[0]]
    problems = []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for result in pool.map(lambda j: check(j[0], a.mscclc, *j[1:]), jobs):
            problems += result
    for p in problems:
        print(p)
    failing = sum(1 for j in jobs if j[2][0] != "pass")
    print(f"sim: {len(jobs)} inputs ({failing} expected to fail or be "
          f"rejected, each with its reason in tests/sim/verdicts.tsv): "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
