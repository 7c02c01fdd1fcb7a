#!/usr/bin/env python3
"""Differential test: random programs (gen.py) through the reference Python
DSL and through mscclc, seed by seed.

  run.py --mscclc PATH [--shared DIR] [--seeds A:B] [--keep DIR]

Each program ends in one of: both compilers write the same plan
(byte-identical, or after sorting the one list the reference orders at
random); both refuse it; mscclc refuses it (its extra checks, grouped by
the first error line with numbers masked, for review); or the plans differ
only in where nops stand, or in a field a reference bug the program
triggers sets wrongly (mscclc's fixes, docs/dialect.md 5.4: the simulator
then must not find mscclc's plan racy where the reference's is not). A problem, and exit 1: plans that differ in
any op but a nop, a plan mscclc writes for a program the reference
refuses, or mscclc's plan racy where the reference's is not. --keep DIR
keeps every program that did not come out identical.
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kw)


def first_error(text):
    """The first error message, numbers and quoted names masked, so that
    refusals group by kind."""
    for line in text.splitlines():
        if "error:" in line:
            msg = line.split("error:", 1)[1].strip()
            msg = re.sub(r"\[[0-9]+:[0-9]+\]", "[N:N]", msg)
            return re.sub(r"\b[0-9]+\b", "N", msg)
    return text.strip().splitlines()[-1] if text.strip() else "?"


def keep_copy(d, root):
    """Copies the seed's directory `d` into `root` (--keep), if given."""
    if root:
        dest = Path(root) / d.name
        dest.mkdir(parents=True, exist_ok=True)
        for f in d.iterdir():
            (dest / f.name).write_bytes(f.read_bytes())


def crash_problem(returncode, stderr):
    """The problem to report when mscclc crashed (an internal compiler
    error, an exit status other than 0 or 1), else None."""
    if "internal compiler error" in stderr or returncode not in (0, 1):
        return "mscclc crashed (exit %d):\n%s" % (returncode, stderr)
    return None


def report_seed(seed, src, problems):
    """Prints a seed's problems under its program's name; True when it had
    any (integers.py, dsl_arguments.py)."""
    if not problems:
        return False
    print("seed %d (%s):" % (seed, src))
    for p in problems:
        print("  " + p.replace("\n", "\n  "))
    return True


def summarise(name, total, failures, errors_seen, work, keep):
    """Removes the work directory unless kept, prints the tally and returns
    the exit status (integers.py, dsl_arguments.py)."""
    if not keep:
        shutil.rmtree(work, ignore_errors=True)
    print("%s: %d of %d programs agree (%d of them stop on an error)" %
          (name, total - failures, total, errors_seen))
    return 1 if failures else 0


SYNC_OPS = {"signal", "wait", "rlxsignal", "rlxwait", "flush"}
PUT_OPS = {"put", "pws", "pwsf", "ppkt"}


def mixes_put_sources(path):
    """Whether the plan holds a memory-channel put (or put_with_signal,
    put_packets, ...) whose sources are in different buffers: the
    reference fuses such puts, mscclc does not (Q-PUTSRC)."""
    def mixed(ops):
        for op in ops:
            if "ops" in op and mixed(op["ops"]):
                return True
            if (op.get("name") in PUT_OPS and op.get("channel_type") == "memory"
                    and len({b.get("type") for b in op.get("src_buff", [])}) > 1):
                return True
        return False
    plan = json.loads(Path(path).read_text())
    return any(mixed(tb.get("ops", [])) for gpu in plan.get("gpus", [])
               for tb in gpu.get("threadblocks", []))


def single_transfers(op):
    """A memory-channel put of n sources as n puts of one (Q-PUTSRC: where
    the reference fused puts from different buffers, mscclc made one per
    buffer; both come out the same)."""
    n = len(op.get("src_buff", []))
    return [{k: ([v[i]] if isinstance(v, list) and len(v) == n else v)
             for k, v in op.items()} for i in range(n)]


def normalised(path, drop_nops=False, fixes=()):
    """The plan with the orders the reference takes from Python sets
    sorted (dsl-semantics 4.6: access_channel_types of a buffer reached
    through both channel kinds, random per process; the channel_ids of a
    fused signal, wait or flush, in CPython's set order, which mscclc
    replays, PythonSetOrder.h, except for a flush fused with a channel it
    already names) and, if asked, every nop dropped and the fields
    mscclc's fixes of the program's reference bugs change blanked (Q-GLRES:
    where a fused switch reduce and broadcast stores) or undone (Q-PUTSRC:
    memory-channel puts as one transfer each)."""
    plan = json.loads(Path(path).read_text())

    def strip(ops):
        out = []
        for op in ops:
            if drop_nops and op.get("name") == "nop":
                continue
            if "Q-GLRES" in fixes and op.get("name") == "glres":
                op = {k: v for k, v in op.items() if k != "dst_buff"}
            if ("Q-PUTSRC" in fixes and op.get("name") in PUT_OPS and
                    op.get("channel_type") == "memory"):
                out.extend(single_transfers(op))
                continue
            if op.get("name") in SYNC_OPS and "channel_ids" in op:
                op = dict(op, channel_ids=sorted(op["channel_ids"]))
            if "ops" in op:
                op = dict(op, ops=strip(op["ops"]))
            out.append(op)
        return out

    for gpu in plan.get("gpus", []):
        for rb in gpu.get("remote_buffers", []):
            rb["access_channel_types"] = sorted(rb.get("access_channel_types", []))
        for tb in gpu.get("threadblocks", []):
            tb["ops"] = strip(tb.get("ops", []))
    return plan


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mscclc", required=True)
    ap.add_argument("--shared", default=str(HERE.parents[1] / ".." / "shared"))
    ap.add_argument("--seeds", default="0:100")
    ap.add_argument("--keep")
    a = ap.parse_args()
    ref = Path(a.shared) / "reference" / "run"
    if not ref.exists():
        print(f"differential: {ref} not found; skipped")
        return 77
    lo, hi = map(int, a.seeds.split(":"))
    counts = collections.Counter()
    groups = collections.defaultdict(list)
    bad = []

    def keep(d):
        keep_copy(d, a.keep)

    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(lo, hi):
            d = Path(tmp) / str(seed)
            run([sys.executable, str(HERE / "gen.py"), str(seed), str(d)])
            r = run([str(ref), str(d / "p.py")])
            m = run([a.mscclc, str(d / "p.cpp"), "-o", str(d / "m.json")])
            ref_ok = r.returncode == 0 and r.stdout.strip().startswith("{")
            m_ok = m.returncode == 0
            if ref_ok:
                (d / "r.json").write_text(r.stdout)
            if ref_ok and m_ok:
                if (d / "r.json").read_bytes() == (d / "m.json").read_bytes():
                    counts["identical"] += 1
                    continue
                if normalised(d / "r.json") == normalised(d / "m.json"):
                    counts["identical but for the reference's set orders"] += 1
                    continue
                fixes = (d / "fixes").read_text().split()
                if mixes_put_sources(d / "r.json"):
                    fixes.append("Q-PUTSRC")
                if (normalised(d / "r.json", True, fixes) !=
                        normalised(d / "m.json", True, fixes)):
                    # mscclc's fixes of the reference move, add or drop
                    # nops; any other difference is a conformance bug.
                    counts["different ops"] += 1
                    groups["different ops"].append((seed, ""))
                    bad.append(seed)
                    keep(d)
                    continue
                # gen.py declares only the fixes it can tell a program
                # triggers (Q-GLRES; Q-PUTSRC is read off the reference's
                # plan); the sync fixes (Q-LOSTDEP, Q-PKTREAD,
                # Q-PIPESYNC, a pipeline's accesses) move or add nops
                # without a declaration, and are counted apart.
                kind = ("differ only where mscclc fixes the reference" if fixes
                        else "differ only in nops (mscclc's sync fixes)")
                counts[kind] += 1
                sims = {}
                for side in ("r", "m"):
                    s = run([a.mscclc, "sim", str(d / f"{side}.json"), "--runs", "2",
                             "--semantics", "intended"])
                    sims[side] = "race:" in s.stdout or "deadlock:" in s.stdout
                groups[kind].append(
                    (seed, f"reference racy={sims['r']}, mscclc racy={sims['m']}"))
                if sims["m"] and not sims["r"]:
                    bad.append(seed)
            elif ref_ok:
                counts["mscclc refuses"] += 1
                groups["mscclc refuses: " + first_error(m.stderr)[:110]].append((seed, ""))
            elif m_ok:
                counts["reference refuses"] += 1
                groups["reference refuses: " + first_error(r.stderr)[:110]].append((seed, ""))
                bad.append(seed)
            else:
                counts["both refuse"] += 1
                continue
            keep(d)
    for g, seeds in sorted(groups.items()):
        print(f"{g}: {len(seeds)} seed(s): " +
              ", ".join(f"{s}{' (' + n + ')' if n else ''}" for s, n in seeds[:8]))
    print("differential: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())) +
          f"; {len(bad)} problem(s)" + (f": seeds {bad}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
