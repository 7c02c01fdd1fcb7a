#!/usr/bin/env python3
"""Where an mscclc compile spends its CPU time, from `perf record`.

    bench/perf_phases.py [--mscclc PATH] [--runs N] [--freq HZ] [--top K]
                         -- SOURCE.cpp [ARGS...]
    bench/perf_phases.py --script perf.txt [--comm NAME]

Runs `mscclc SOURCE.cpp ARGS... -o <tmp>` N times (default 5) under
`perf record -e cpu-clock --call-graph dwarf` (a software clock: virtual
machines often have no hardware counters), then reads `perf script` and
prints the share of CPU samples
  - per phase: process start (dynamic loader, static initialisers), Clang
    (parse/lex, sema, PCH deserialisation, other), evaluation, each pass,
    lowering, each plan check, JSON serialisation and file write, exit.
    A sample is put in the phase of the outermost phase function on its
    stack; samples whose stack could not be unwound (inside malloc, in
    some syscalls) go to the phase the same thread was last seen in;
  - per shared object (self time);
  - the K functions with the most self time (default 20).
DWARF unwinding costs time on each sample: compare shares, and take wall
times from un-instrumented runs (--time-phases, bench/phase_times.py).
Needs perf and an mscclc with symbols. See docs/performance.md.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MSCCLC = os.path.join(HERE, "..", "build", "compiler", "mscclc")

READER = ("clang::ASTReader", "clang::ASTDeclReader", "clang::ASTRecordReader",
          "clang::serialization::", "clang::ASTStmtReader",
          "clang::ModuleManager")
SEMA = ("clang::Sema", "clang::TreeTransform", "clang::TemplateInstantiator",
        "clang::InitializationSequence", "clang::OverloadCandidate",
        "clang::LookupResult", "clang::TemplateDeclInstantiator")
PARSE = ("clang::Parser", "clang::Preprocessor", "clang::Lexer",
         "clang::Token", "clang::MacroArgs", "clang::TokenLexer")
LOADER = ("_dl_start", "dl_main", "_dl_relocate_object", "_dl_map_object",
          "_dl_lookup_symbol_x", "do_lookup_x", "_dl_fixup",
          "_dl_runtime_resolve_xsavec")
EXIT_USER = ("__run_exit_handlers", "__cxa_finalize", "exit")
EXIT_KERNEL = ("do_exit", "do_group_exit", "__x64_sys_exit_group", "mmput",
               "exit_mmap")
PIPELINE = [
    ("mscclc::chunk::verify", "pass: chunk IR verify (after the last pass)"),
    ("mscclc::passes::lowerToPlan", "lower to plan IR"),
    ("mscclc::passes::checkTargetLimits", "checkPlan: target limits"),
    ("mscclc::passes::checkTargetDefects", "checkPlan: target defects"),
    ("mscclc::plan::verify", "checkPlan: plan verify"),
    ("mscclc::passes::checkPlan", "checkPlan: other"),
    ("mscclc::json::writePlanJson", "JSON: serialise to a string"),
    ("mscclc::driver::writeOutput", "JSON: write the file"),
    ("mscclc::support::writeFileAtomically", "JSON: write the file"),
    ("mscclc::frontend::precompiledDslHeader", "front end: PCH cache lookup"),
]
PASS_RE = re.compile(r"mscclc::passes::\(anonymous namespace\)::(\w+)Pass::run")


def clang_part(names):
    for x in names:  # leaf first: the innermost Clang component decides
        if x.startswith(READER):
            return "clang: PCH deserialisation"
        if x.startswith(SEMA):
            return "clang: sema"
        if x.startswith(PARSE):
            return "clang: parse/lex"
    return "clang: sema"  # AST helpers (ASTContext, Decl) called by Sema


def phase(names):
    """names: the stack, leaf first. None when nothing on it says."""
    s = set(names)
    if s & {"call_init", "_dl_init"}:
        return "start: static initialisers"
    root_first = names[::-1]
    special = s & set(LOADER + EXIT_USER + EXIT_KERNEL)
    if not special:
        if any(f.startswith("mscclc::frontend::Evaluator::") and "::~" not in f
               for f in names):
            return "evaluate"
        if any(f.startswith("mscclc::frontend::(anonymous namespace)::"
                            "AlgorithmConsumer::HandleTranslationUnit")
               for f in names):
            return "evaluate: after the run (program hand-over, teardown)"
    for i, f in enumerate(root_first):
        if f.startswith("mscclc::passes::checkPlan"):
            for g in root_first[i + 1:]:  # the check inside, if any
                for prefix, label in PIPELINE:
                    if g.startswith(prefix) and label.startswith("checkPlan"):
                        if label != "checkPlan: other":
                            return label
            return "checkPlan: other"
        if f in LOADER:
            return "start: dynamic loader (relocations, lazy binding)"
        if f in EXIT_USER or f.startswith("_dl_fini"):
            return "exit: static destructors"
        if f in EXIT_KERNEL:
            return "exit: kernel frees the address space"
        if f.startswith("clang::ParseAST"):
            return clang_part(names)
        m = PASS_RE.match(f)
        if m:
            return "pass: " + m.group(1)
        for prefix, label in PIPELINE:
            if f.startswith(prefix):
                return label
    if any(f.startswith(PARSE + SEMA) for f in names):
        return clang_part(names)
    if any(f.startswith("clang::") for f in names):
        return "clang: other (CompilerInstance set-up, teardown)"
    return None


def samples(path, comm):
    """(tid, [(function, dso)] leaf first) per sample of process comm."""
    frame = re.compile(r"\s+[0-9a-f]+\s+(.*) \((.*)\)$")
    cur = None
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                if cur and cur[0] == comm:
                    yield cur[1], cur[2]
                cur = None
            elif not line[0].isspace():
                parts = line.split()
                cur = (parts[0], parts[1], [])
            elif cur is not None:
                m = frame.match(line)
                if m:
                    cur[2].append((m.group(1), m.group(2)))
    if cur and cur[0] == comm:
        yield cur[1], cur[2]


def report(path, comm, top):
    phases = collections.Counter()
    carried = collections.Counter()
    dsos = collections.Counter()
    selfs = collections.Counter()
    last = {}
    total = 0
    for tid, frames in samples(path, comm):
        if not frames:
            continue
        total += 1
        names = [f for f, _ in frames]
        p = phase(names)
        if p is None:
            if (set(names) & {"__GI___libc_write", "rename"} and
                    last.get(tid, "").startswith("JSON")):
                p = "JSON: write the file"
            else:
                p = last.get(tid, "(unknown)")
                carried[p] += 1
        else:
            last[tid] = p
        phases[p] += 1
        fn, dso = frames[0]
        dso = os.path.basename(dso)
        dsos[dso] += 1
        selfs[(fn, dso)] += 1
    if not total:
        sys.exit("perf_phases: no samples of %s" % comm)
    print("%d samples of %s" % (total, comm))
    print("\nphase (share of CPU samples; 'carried' = unwound stack, "
          "put in the thread's last phase)")
    for p, n in sorted(phases.items(), key=lambda x: -x[1]):
        print("%6.2f%%  %-58s (carried %d)" % (100.0 * n / total, p,
                                                carried[p]))
    print("\nself time per shared object")
    for d, n in dsos.most_common(10):
        print("%6.2f%%  %s" % (100.0 * n / total, d))
    print("\ntop %d functions by self time" % top)
    for (fn, d), n in selfs.most_common(top):
        print("%6.2f%%  %s  [%s]" % (100.0 * n / total, fn[:120], d))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mscclc", default=DEFAULT_MSCCLC)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--freq", type=int, default=1000)
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--script", help="read this `perf script` output instead")
    ap.add_argument("--comm", help="process name (default: mscclc's file name)")
    ap.add_argument("args", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    comm = a.comm or os.path.basename(a.mscclc)[:15]
    if a.script:
        report(a.script, comm, a.top)
        return
    args = a.args[1:] if a.args[:1] == ["--"] else a.args
    if not args:
        ap.error("give the source and mscclc's options after --")
    with tempfile.TemporaryDirectory() as d:
        plan = os.path.join(d, "plan.json")
        runner = os.path.join(d, "runs.sh")
        with open(runner, "w") as f:
            f.write("#!/bin/sh\nfor i in $(seq %d); do\n  \"$@\" -o %s "
                    "2>/dev/null || exit 1\ndone\n" % (max(1, a.runs), plan))
        os.chmod(runner, 0o755)
        data = os.path.join(d, "perf.data")
        subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F",
                        str(a.freq), "-m", "8192", "--call-graph",
                        "dwarf,65528", "-o", data, runner, a.mscclc] + args,
                       check=True)
        text = os.path.join(d, "perf.txt")
        with open(text, "w") as out:
            subprocess.run(["perf", "script", "-i", data, "-F",
                            "comm,tid,ip,sym,dso", "--no-inline"],
                           stdout=out, stderr=subprocess.DEVNULL, check=True)
        report(text, comm, a.top)


if __name__ == "__main__":
    main()
