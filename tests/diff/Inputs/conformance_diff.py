#!/usr/bin/env python3
"""mscclc diff over every reference plan: each against itself and against
a renumbered copy (renumber.py) must be equal (exit 0). Prints one line per
problem and a count; exits 1 on any problem.

  conformance_diff.py PLANS_DIR WORK_DIR
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    plans, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    names = sorted(f for f in os.listdir(plans) if f.endswith(".json"))
    problems = 0
    for name in names:
        path = os.path.join(plans, name)
        copy = os.path.join(work, name)
        with open(copy, "w") as out:
            subprocess.run([sys.executable, os.path.join(HERE, "renumber.py"),
                            path], stdout=out, check=True)
        for other in (path, copy):
            p = subprocess.run(["mscclc", "diff", path, other],
                               capture_output=True, text=True)
            if p.returncode != 0:
                problems += 1
                print(f"{name} vs {'itself' if other == path else 'renumbered'}"
                      f": exit {p.returncode}\n{p.stdout[-2000:]}{p.stderr[-2000:]}")
    print(f"conformance diff: {len(names)} plans, each equal to itself and "
          f"to a renumbered copy; {problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
