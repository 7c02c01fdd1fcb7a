#!/usr/bin/env python3
"""ctest viz/chromium: `mscclc viz` pages in a real headless Chromium.

    run_pages.py --mscclc BIN --source-dir ROOT [--out DIR]

For every sample (samples/*.cpp) and the 64-rank all-pairs AllReduce, makes
the page and its model (--model), then page_check.py loads the page: no
console errors, as many op boxes drawn as the model has ops, hover and the
other interactions work; the load time is printed. The first sample's page
is also loaded with an unreadable rank filter (#ranks=abc), which must
draw every op. Exit 77 (skipped) when Chromium is not installed.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mscclc", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--out", help="keep the pages here")
    args = ap.parse_args()

    samples = sorted(glob.glob(os.path.join(args.source_dir, "samples", "*.cpp")))
    cases = [(os.path.basename(s)[:-4], s, []) for s in samples]
    cases.append(("allreduce_allpairs-64", os.path.join(args.source_dir, "samples",
                                                        "allreduce_allpairs.cpp"),
                  ["-P", "num_ranks=64"]))
    out = args.out or tempfile.mkdtemp(prefix="mscclc-viz-")
    os.makedirs(out, exist_ok=True)
    failed = 0
    for name, source, params in cases:
        page = os.path.join(out, name + ".html")
        model = os.path.join(out, name + ".viz.json")
        for extra, path in (([], page), (["--model"], model)):
            r = subprocess.run([args.mscclc, "viz", source, "-o", path,
                                "-fno-color-diagnostics"] + params + extra,
                               capture_output=True, text=True)
            if r.returncode != 0:
                print("FAIL %s: mscclc viz exited %d\n%s" % (name, r.returncode, r.stderr))
                return 1
        with open(model) as f:
            m = json.load(f)
        ops = sum(len(lane["ops"]) for lane in m["lanes"])
        check = [sys.executable, os.path.join(HERE, "page_check.py"), page,
                 "--expect-ops", str(ops)]
        r = subprocess.run(check, capture_output=True, text=True)
        if r.returncode == 0 and name == cases[0][0]:
            # A #ranks= the viewer cannot read is flagged and every rank
            # shows (the page once drew nothing).
            r = subprocess.run(check + ["--ranks", "abc"], capture_output=True,
                               text=True)
        if r.returncode == 77:
            print(r.stdout.strip())
            return 77
        status = "ok  " if r.returncode == 0 else "FAIL"
        failed += r.returncode != 0
        print("%s %s: %d ranks, %d lanes, %d ops, %d edges" %
              (status, name, m["ranks"], len(m["lanes"]), ops, len(m["edges"])))
        for line in r.stdout.splitlines():
            print("     " + line)
        if r.returncode != 0:
            print(r.stderr[-3000:])
    print("viz pages: %d drawn as expected, %d not" % (len(cases) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
