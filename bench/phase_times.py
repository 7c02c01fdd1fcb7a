#!/usr/bin/env python3
"""Wall time of each phase of one mscclc compile, from gdb breakpoints.

    bench/phase_times.py [--mscclc PATH] [--runs N] -- SOURCE.cpp [ARGS...]

Runs `mscclc SOURCE.cpp ARGS... -o <tmp>` under gdb N times (default 5)
with a breakpoint on the entry and the return of each phase (the front
end, the evaluator, each pass of passes/src/Pipeline.cpp, lowering, the
plan checks, the JSON serialisation and the file write, exit()) and prints
the median, min and max of each phase in milliseconds. Only those few
functions stop the program (a few dozen stops per run), so the
evaluation and the phases after the front end (passes to file write)
keep their un-instrumented speed. Spans that include the worker thread's
start or the process exit (front end total, Clang parse+sema, exit) are
inflated by gdb's own thread and exit handling (tens of ms): take those
from `mscclc --time-phases`, which times every phase from inside without
gdb (it came later; this script measured the "before" profile).

Needs gdb and an mscclc with symbols (the RelWithDebInfo build). The
process start (dynamic loading, static initialisers) is not visible from
main(): measure it with `mscclc --version`. See docs/performance.md.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MSCCLC = os.path.join(HERE, "..", "build", "compiler", "mscclc")

PASS = "'mscclc::passes::(anonymous namespace)::%sPass::run'"
# (breakpoint location, label), in pipeline order.
PHASES = [
    ("mscclc::frontend::runFrontend", "front end (runFrontend; inflated)"),
    ("clang::tooling::ClangTool::run", "ClangTool::run"),
    ("'mscclc::frontend::(anonymous namespace)::AlgorithmConsumer::"
     "HandleTranslationUnit'", "HandleTranslationUnit"),
    ("mscclc::frontend::Evaluator::run", "evaluate (Evaluator::run)"),
    ("mscclc::passes::runPipeline", "runPipeline (passes+lower+checks)"),
    (PASS % "Validate", "pass validate"),
    (PASS % "SignalWaitPairing", "pass signal-wait-pairing"),
    (PASS % "Consistency", "pass consistency"),
    (PASS % "Fusion", "pass fusion"),
    (PASS % "SyncInsertion", "pass sync-insertion"),
    (PASS % "DependencySync", "pass dependency-sync"),
    (PASS % "Replication", "pass replication"),
    ("mscclc::chunk::verify", "chunk IR verify"),
    ("mscclc::passes::lowerToPlan", "lower to plan IR"),
    ("mscclc::passes::checkPlan", "checkPlan"),
    ("mscclc::plan::verify", "  plan::verify"),
    ("mscclc::passes::checkTargetLimits", "  checkTargetLimits"),
    ("mscclc::passes::checkTargetDefects", "  checkTargetDefects"),
    ("mscclc::json::writePlanJson[abi:cxx11]", "JSON serialise (writePlanJson)"),
    ("mscclc::driver::writeOutput", "JSON write file (writeOutput)"),
    ("exit", "exit"),
]

GDB_SCRIPT = r'''
import gdb, time, json
events = []
class Exit(gdb.FinishBreakpoint):
    def __init__(self, label):
        super().__init__(gdb.newest_frame(), internal=True)
        self.label = label
        self.silent = True
    def stop(self):
        events.append((time.monotonic(), self.label, "exit"))
        return False
    def out_of_scope(self):
        pass
class Entry(gdb.Breakpoint):
    def __init__(self, spec, label):
        super().__init__(spec, internal=True)
        self.label = label
        self.silent = True
    def stop(self):
        events.append((time.monotonic(), self.label, "enter"))
        try:
            Exit(self.label)
        except Exception:
            pass
        return False
for cmd in ("set pagination off", "set confirm off",
            "set print thread-events off", "set breakpoint pending on"):
    gdb.execute(cmd)
gdb.execute("start", to_string=True)
for spec, label in PHASES:
    try:
        Entry(spec, label)
    except Exception as e:
        print("phase_times: no breakpoint at", spec, e)
events.append((time.monotonic(), "main", "enter"))
gdb.execute("continue", to_string=True)
events.append((time.monotonic(), "process", "gone"))
with open(OUT, "w") as f:
    json.dump(events, f)
gdb.execute("quit")
'''


def one_run(mscclc, args, workdir):
    out = os.path.join(workdir, "events.json")
    script = os.path.join(workdir, "phases_gdb.py")
    with open(script, "w") as f:
        f.write("PHASES = %r\nOUT = %r\n" % (PHASES, out))
        f.write(GDB_SCRIPT)
    plan = os.path.join(workdir, "plan.json")
    cmd = ["gdb", "-q", "-batch", "-x", script, "--args", mscclc] + args + [
        "-o", plan]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if not os.path.exists(out) or not os.path.getsize(plan):
        sys.exit("phase_times: the run failed:\n" + r.stdout[-2000:] +
                 r.stderr[-2000:])
    import json
    with open(out) as f:
        events = json.load(f)
    os.remove(out)
    durations = {}
    entered = {}
    first = {}
    for t, label, kind in events:
        if kind == "enter":
            entered[label] = t
            first.setdefault(label, t)
        elif kind == "exit" and label in entered:
            durations[label] = durations.get(label, 0) + t - entered[label]
    # Clang's parse and sema: from the tool's run to the consumer's call.
    tools = [t for t, l, k in events if l == "ClangTool::run" and k == "enter"]
    if tools and "HandleTranslationUnit" in first:
        durations["clang parse+sema, PCH load (inflated)"] = (
            first["HandleTranslationUnit"] - tools[-1])
    ends = [t for t, l, k in events if l == "exit" and k == "enter"]
    gone = [t for t, l, k in events if k == "gone"]
    if ends and gone:
        durations["exit() to process end (inflated)"] = gone[0] - ends[0]
    durations.pop("ClangTool::run", None)
    durations.pop("exit", None)
    return durations


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mscclc", default=DEFAULT_MSCCLC)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("args", nargs=argparse.REMAINDER,
                    help="-- SOURCE.cpp [mscclc options]")
    a = ap.parse_args()
    args = a.args[1:] if a.args[:1] == ["--"] else a.args
    if not args:
        ap.error("give the source and mscclc's options after --")
    runs = []
    with tempfile.TemporaryDirectory() as d:
        for _ in range(max(1, a.runs)):
            runs.append(one_run(a.mscclc, args, d))
    order = [label for _, label in PHASES if label not in
             ("ClangTool::run", "exit")]
    order.insert(2, "clang parse+sema, PCH load (inflated)")
    order.append("exit() to process end (inflated)")
    print("phase_times: %s %s, %d runs under gdb (ms: median [min..max])" %
          (a.mscclc, " ".join(args), len(runs)))
    for label in order:
        values = [r[label] * 1000 for r in runs if label in r]
        if not values:
            continue
        print("%9.1f  [%.1f..%.1f]  %s" % (statistics.median(values),
                                          min(values), max(values), label))


if __name__ == "__main__":
    main()
