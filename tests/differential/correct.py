#!/usr/bin/env python3
"""Random correct algorithms (gen_correct.py) through the reference Python
DSL, mscclc, the simulator and the baked kernels, seed by seed.

  correct.py --mscclc PATH [--shared DIR] [--seeds A:B] [--baked N]
             [--run-baked PATH] [--keep DIR]

For every seed:
- mscclc's plan must be byte-identical to the reference's (up to the
  orders the reference takes from Python sets), or differ only in nops,
  or differ elsewhere only where the reference's own plan is wrong in the
  simulator (a reference bug mscclc fixes, such as Q-PKTDST), or only in
  the puts the reference fuses from two buffers (Q-PUTSRC); mscclc may
  refuse a program only for the executor's limits (the reference does not
  check them);
- `mscclc sim --runs 3 --semantics intended` must pass: the collective's
  result after every launch, no race, no deadlock (the programs are
  correct by construction);
- when mscclc warns of no executor defect, the plan must also pass under
  the executor's semantics (a defect it runs into unwarned is a missed
  warning);
- for every --baked'th seed (default 10; 0: none), scripts/run-baked:
  the baked kernels, run on the host over 3 launches, must equal the
  simulator bit for bit.
Exit 1 on any problem; without the reference, 77 (skipped).
"""
import argparse
import collections
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from run import first_error, keep_copy, mixes_put_sources, normalised  # noqa: E402


def run(cmd, timeout=300):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mscclc", required=True)
    ap.add_argument("--shared", default=str(HERE.parents[1] / ".." / "shared"))
    ap.add_argument("--seeds", default="0:40")
    ap.add_argument("--baked", type=int, default=10)
    ap.add_argument("--run-baked", default=str(HERE.parents[1] / "scripts" / "run-baked"))
    ap.add_argument("--keep")
    a = ap.parse_args()
    ref = Path(a.shared) / "reference" / "run"
    if not ref.exists():
        print(f"correct: {ref} not found; skipped")
        return 77
    lo, hi = map(int, a.seeds.split(":"))
    counts = collections.Counter()
    problems = []

    def problem(seed, d, what):
        problems.append(seed)
        print(f"seed {seed}: {what}")
        keep_copy(d, a.keep)

    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(lo, hi):
            d = Path(tmp) / str(seed)
            run([sys.executable, str(HERE / "gen_correct.py"), str(seed), str(d)])
            r = run([str(ref), str(d / "p.py")])
            m = run([a.mscclc, str(d / "p.cpp"), "-o", str(d / "m.json")])
            (d / "m.err").write_text(m.stderr)
            if r.returncode != 0 or not r.stdout.startswith("{"):
                problem(seed, d, "the reference refuses a correct program: " +
                        first_error(r.stderr))
                continue
            (d / "r.json").write_text(r.stdout)
            if m.returncode != 0:
                if "[-Wexecutor-limits]" in m.stderr:
                    counts["over the executor's limits (mscclc refuses)"] += 1
                else:
                    problem(seed, d, "mscclc refuses: " + first_error(m.stderr))
                continue
            if (d / "r.json").read_bytes() == (d / "m.json").read_bytes():
                counts["identical"] += 1
            elif normalised(d / "r.json") == normalised(d / "m.json"):
                counts["identical but for the reference's set orders"] += 1
            elif normalised(d / "r.json", True) == normalised(d / "m.json", True):
                counts["differ only in nops"] += 1
            elif (mixes_put_sources(d / "r.json") and
                  normalised(d / "r.json", True, ["Q-PUTSRC"]) ==
                  normalised(d / "m.json", True, ["Q-PUTSRC"])):
                # Q-PUTSRC: the reference fused puts from different buffers,
                # which the executor reads through the first's (wrong unless
                # the offsets happen to hold the same data: the simulator
                # cannot be asked to fail it); mscclc keeps them apart.
                counts["differ where the reference fuses puts from two buffers "
                       "(Q-PUTSRC)"] += 1
            else:
                # Allowed only where mscclc fixes a reference bug: the
                # reference's plan of this correct program must then be
                # wrong in the simulator (mscclc's is checked below).
                s = run([a.mscclc, "sim", str(d / "r.json"), "--runs", "3",
                         "--semantics", "intended"])
                if s.returncode == 0:
                    problem(seed, d, "plans differ in ops other than nops, and the "
                            "reference's is correct in the simulator")
                    continue
                counts["differ where the reference's plan is wrong"] += 1
            sims = {}
            for sem in ("intended", "executor"):
                if sem == "executor" and "warning:" in m.stderr:
                    continue
                s = run([a.mscclc, "sim", str(d / "m.json"), "--runs", "3",
                         "--semantics", sem])
                (d / f"sim-{sem}.txt").write_text(s.stdout + s.stderr)
                sims[sem] = s.returncode == 0 and "verdict: pass" in s.stdout
                if not sims[sem]:
                    finding = next((l for l in s.stdout.splitlines()
                                    if l.startswith(("race", "deadlock", "result"))),
                                   s.stdout.strip().splitlines()[-1:] or ["?"])
                    problem(seed, d, f"the simulator ({sem} semantics) fails mscclc's "
                            f"plan: {finding}")
            if not all(sims.values()):
                continue
            counts["simulator: correct"] += 1
            if "executor" in sims:
                counts["  of them also under the executor's semantics (no warning)"] += 1
            if a.baked and seed % a.baked == 0:
                b = run([sys.executable, a.run_baked, "--mscclc", a.mscclc,
                         str(d / "m.json"), "--runs", "3",
                         "--dtype", "f32,u32" if "ReduceOperationType" not in
                         (d / "p.cpp").read_text() else "f32,i32"], timeout=900)
                (d / "baked.txt").write_text(b.stdout + b.stderr)
                if b.returncode != 0:
                    problem(seed, d, "run-baked: " + (b.stdout + b.stderr).strip()
                            .splitlines()[-1])
                else:
                    counts["baked == simulator"] += 1
    print("correct: " + ", ".join(f"{v} {k.strip()}" for k, v in counts.items()) +
          f"; {len(problems)} problem(s)" + (f": seeds {problems}" if problems else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
