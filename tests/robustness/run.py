#!/usr/bin/env python3
"""Runs mscclc on hostile inputs and checks what it promises for every one.

  run.py --mscclc BIN [--mutants N] [--seed S] [--jobs J] [--shared DIR]
         [--only NAME] [--keep]

Inputs:
  - the hand-written cases in corpus/*.case (format below);
  - N seeded mutants (mutate.py) of the samples, the conformance ports and,
    when ../shared is present, the reference plans.

For every input, whatever the command line and the expectation:
  - no signal, no exit status >= 3 (internal error), no timeout (30 s
    unless the case says otherwise), peak resident memory under 4 GiB;
  - every error message is located: `file:line:col: error:` for sources,
    `file: json.path: error:` for plans, or, for a problem with a file or
    the command line as a whole, `mscclc: error:` naming the file ('...')
    or the option (--...);
  - no file is left behind or changed anywhere the run can see (its
    working directory, its input, the compile cache) except the requested
    output, which exists only when the compile succeeded;
  - a plan that was written reads back (`mscclc check-plan` accepts it).
Hand-written cases also state the exit status they expect.

A case file:

  # What the case is about (free text).
  # EXPECT: ok | error | usage            exit 0 / 1 / 2 (required)
  # INPUT: algo.cpp                       the payload's file name
  # ARGS: {input} -o {out}                the command line (the default)
  # SETUP: mkfifo pipe                    shell commands run first, in the
  #                                       sandbox (repeatable)
  # ENV: NAME=VALUE                       extra environment (repeatable)
  # OUTPUT: plan.json                     the requested output ({out})
  # TIMEOUT: 30
  # KNOWN: why              a gap not closed yet: an exit other than EXPECT
  #                         is counted as a known gap, not a failure (every
  #                         other check still applies)
  ---
  the payload (the rest of the file), written to INPUT

ARGS placeholders: {input} (the payload's path), {out} (the output path,
"out.json" unless OUTPUT says), {dir} (the sandbox), {repo} (this
repository), {shared} (../shared). Cases run with the sandbox as working
directory and HOME, and a shared, pre-warmed compile cache.

Prints the five slowest inputs next to their time bounds (how much margin
the slowest limits leave on this machine), then one summary line:
  robustness: N inputs (H cases, M mutants): 0 crashes, 0 hangs,
  0 over memory, 0 unlocated, 0 leftovers, 0 changed files, 0 unreadable
  plans, 0 unexpected exits
and exits 1 when any count but the first is non-zero.
"""

import argparse
import concurrent.futures
import hashlib
import os
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import mutate  # noqa: E402

# AddressSanitizer's shadow memory, redzones and quarantine come on top of
# what the program allocates (./scripts/test --sanitize sets the scale to 2).
RSS_LIMIT_KB = int(4 * 1024 * 1024 *
                   float(os.environ.get("MSCCLC_ROBUSTNESS_RSS_SCALE", "1")))
# Sanitizer builds run several times slower (./scripts/test --sanitize sets
# this to 4); the release build is held to the 30 seconds.
TIMEOUT_SCALE = float(os.environ.get("MSCCLC_ROBUSTNESS_TIMEOUT_SCALE", "1"))
EXPECT_STATUS = {"ok": 0, "error": 1, "usage": 2}

SOURCE_LOC = re.compile(r"^\S.*?:\d+:\d+: (fatal )?error: ")
PLAN_LOC = re.compile(r"^\S.*?: (\(top level\)|[A-Za-z_][\w\[\].]*): error: ")
TOOL_LOC = re.compile(r"^mscclc: error: .*('[^']*'|--[a-z]|-[A-Za-z] )")
ANY_ERROR = re.compile(r"(^|\s)(fatal )?error: ")


class Case:
    def __init__(self, name):
        self.name = name
        self.expect = None  # None: 0 or 1 (mutants)
        self.input = None
        self.args = "{input} -o {out}"
        self.setup = []
        self.env = {}
        self.output = "out.json"
        self.timeout = 30.0 * TIMEOUT_SCALE
        self.known = None  # why the expected exit is not met yet
        self.payload = None  # bytes


def parse_case(path):
    case = Case(os.path.splitext(os.path.basename(path))[0])
    data = open(path, "rb").read()
    head, sep, payload = data.partition(b"\n---\n")
    if not sep and data.startswith(b"---\n"):
        head, payload, sep = b"", data[4:], b"x"
    for raw in head.decode("utf-8").splitlines():
        line = raw.strip()
        m = re.match(r"#\s*([A-Z]+):\s*(.*)$", line)
        if not m:
            continue
        key, value = m.group(1), m.group(2)
        if key == "EXPECT":
            if value not in EXPECT_STATUS:
                raise ValueError(f"{path}: EXPECT must be ok, error or usage")
            case.expect = EXPECT_STATUS[value]
        elif key == "INPUT":
            case.input = value
        elif key == "ARGS":
            case.args = value
        elif key == "SETUP":
            case.setup.append(value)
        elif key == "ENV":
            k, _, v = value.partition("=")
            case.env[k] = v
        elif key == "OUTPUT":
            case.output = value
        elif key == "TIMEOUT":
            case.timeout = float(value) * TIMEOUT_SCALE
        elif key == "KNOWN":
            case.known = value
    if case.expect is None:
        raise ValueError(f"{path}: missing '# EXPECT:'")
    if sep:
        case.payload = payload
        if not case.input:
            raise ValueError(f"{path}: a payload needs '# INPUT:'")
    return case


def snapshot(roots):
    """(path -> (kind, size, mtime, digest)) of everything under roots."""
    seen = {}
    for root in roots:
        if not os.path.lexists(root):
            continue
        stack = [root]
        while stack:
            p = stack.pop()
            try:
                st = os.lstat(p)
            except OSError:
                continue
            mode = st.st_mode
            if os.path.stat.S_ISDIR(mode):
                seen[p] = ("dir", 0, 0, None)
                try:
                    stack.extend(os.path.join(p, c) for c in os.listdir(p))
                except OSError:
                    pass
            elif os.path.stat.S_ISREG(mode):
                digest = None
                if st.st_size <= (64 << 20):
                    try:
                        with open(p, "rb") as f:
                            digest = hashlib.sha1(f.read()).hexdigest()
                    except OSError:
                        digest = "unreadable"
                seen[p] = ("file", st.st_size, st.st_mtime_ns, digest)
            elif os.path.stat.S_ISLNK(mode):
                seen[p] = ("link", 0, 0, os.readlink(p))
            else:
                seen[p] = ("special", mode, 0, None)
    return seen


def run_process(argv, cwd, env, timeout):
    """-> (status or None on timeout, signal or 0, stdout, stderr, maxrss KB)"""
    out_f = tempfile.TemporaryFile()
    err_f = tempfile.TemporaryFile()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=out_f, stderr=err_f,
                            start_new_session=True)
    deadline = time.monotonic() + timeout
    status = sig = None
    rss = 0
    while True:
        pid, wstatus, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            rss = usage.ru_maxrss
            if os.WIFSIGNALED(wstatus):
                sig = os.WTERMSIG(wstatus)
            else:
                status = os.WEXITSTATUS(wstatus)
            break
        if time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            _, _, usage = os.wait4(proc.pid, 0)
            rss = usage.ru_maxrss
            status = None
            sig = "timeout"
            break
        time.sleep(0.01)
    proc.returncode = 0
    out_f.seek(0)
    err_f.seek(0)
    timed_out = sig == "timeout"
    return (None if timed_out else status, 0 if timed_out else (sig or 0),
            out_f.read(), err_f.read(), rss, timed_out)


def unlocated_lines(stderr):
    bad = []
    for line in stderr.decode("utf-8", "replace").splitlines():
        # The source line shown under a message ("  4 | text") and its
        # caret line quote the input, which may itself say "error:".
        if re.match(r"^\s*\d+ \| ", line) or not ANY_ERROR.search(line):
            continue
        if SOURCE_LOC.match(line) or PLAN_LOC.match(line) or \
                TOOL_LOC.match(line):
            continue
        bad.append(line)
    return bad


class Runner:
    def __init__(self, opts, work):
        self.mscclc = os.path.abspath(opts.mscclc)
        self.work = work
        self.shared = os.path.abspath(opts.shared)
        self.cache = os.path.join(work, "cache")
        os.makedirs(self.cache)
        self.keep = opts.keep

    def base_env(self, sandbox):
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("MSCCLC_") and k != "MSCCLPP_CACHE_DIR"}
        env["HOME"] = sandbox
        env["MSCCLC_CACHE_DIR"] = self.cache
        env.pop("XDG_CACHE_HOME", None)
        return env

    def warm(self):
        sandbox = os.path.join(self.work, "warm")
        os.makedirs(sandbox)
        status, sig, _, err, _, _ = run_process(
            [self.mscclc, os.path.join(REPO, "samples", "allgather.cpp"),
             "-o", "warm.json"], sandbox, self.base_env(sandbox), 300)
        if status != 0:
            sys.exit("robustness: cannot compile the warm-up sample:\n" +
                     err.decode("utf-8", "replace"))
        shutil.rmtree(sandbox)

    def run(self, case):
        """-> list of (category, message)"""
        sandbox = os.path.join(self.work, "cases", case.name)
        os.makedirs(sandbox)
        problems = []
        subst = {"input": case.input or "", "out": case.output,
                 "dir": sandbox, "repo": REPO, "shared": self.shared}
        if case.payload is not None:
            target = os.path.join(sandbox, case.input)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as f:
                f.write(case.payload)
        env = self.base_env(sandbox)
        for k, v in case.env.items():
            env[k] = v.format(**subst)
        for cmd in case.setup:
            r = subprocess.run(cmd.format(**subst), shell=True, cwd=sandbox,
                               env=env, capture_output=True)
            if r.returncode != 0:
                return [("setup", f"SETUP failed: {cmd}: "
                         f"{r.stderr.decode('utf-8', 'replace')}")]
        argv = [self.mscclc] + [a.format(**subst)
                                for a in shlex.split(case.args)]
        out_path = os.path.join(sandbox, case.output.format(**subst))
        roots = [sandbox, self.cache]
        before = snapshot(roots)
        out_before = before.get(out_path)
        status, sig, _, err, rss, timed_out = run_process(
            argv, sandbox, env, case.timeout)
        after = snapshot(roots)
        err_text = err.decode("utf-8", "replace")
        tail = "\n    " + "\n    ".join(err_text.splitlines()[-6:])
        if timed_out:
            problems.append(("hang", f"no exit within {case.timeout:.0f} s"))
        elif sig:
            problems.append(("crash", f"killed by signal {sig}{tail}"))
        elif status >= 3:
            problems.append(("crash", f"exit status {status}{tail}"))
        if rss > RSS_LIMIT_KB:
            problems.append(("memory", f"peak RSS {rss // 1024} MiB"))
        for line in unlocated_lines(err):
            problems.append(("unlocated", line))
        if not timed_out and not sig:
            allowed = [case.expect] if case.expect is not None else [0, 1]
            if status not in allowed:
                problems.append(("known" if getattr(case, "known", None)
                                 else "unexpected",
                                 f"exit {status}, expected "
                                 f"{' or '.join(map(str, allowed))}{tail}"))
        # Files: only the output may appear or change, and only on success.
        succeeded = status == 0 and not sig
        for p, info in after.items():
            if p == out_path and succeeded:
                continue
            if p not in before:
                if p.startswith(self.cache + os.sep) and succeeded and \
                        re.search(r"\.pch(\.ok)?$", p):
                    continue  # a cache entry for a new configuration
                problems.append(("leftover", os.path.relpath(p, self.work)))
            elif before[p] != info and before[p][0] != "dir":
                problems.append(("changed", os.path.relpath(p, self.work)))
        for p in before:
            if p not in after and p != out_path:
                problems.append(("changed",
                                 "removed " + os.path.relpath(p, self.work)))
        if not succeeded and out_path in after and \
                after[out_path] != out_before:
            problems.append(("leftover", "output written by a failed run"))
        if succeeded and out_path.endswith(".json") and \
                os.path.isfile(out_path) and "--emit-ir" not in argv:
            st, sg, _, err2, _, _ = run_process(
                [self.mscclc, "check-plan", out_path], sandbox, env, 60)
            if st != 0 or sg:
                problems.append(("unreadable", "check-plan refused the plan:"
                                 + "\n    " + err2.decode("utf-8", "replace")
                                 .strip().replace("\n", "\n    ")))
        if not problems and not self.keep:
            shutil.rmtree(sandbox, ignore_errors=True)
        return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mscclc", required=True)
    ap.add_argument("--mutants", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"))
    ap.add_argument("--only", help="run only cases whose name contains this")
    ap.add_argument("--keep", action="store_true",
                    help="keep every sandbox (in the printed directory)")
    opts = ap.parse_args()

    corpus = os.path.join(HERE, "corpus")
    cases = [parse_case(os.path.join(corpus, f))
             for f in sorted(os.listdir(corpus)) if f.endswith(".case")]
    mutants = mutate.make_mutants(REPO, opts.shared, opts.seed, opts.mutants)
    if opts.only:
        cases = [c for c in cases if opts.only in c.name]
        mutants = [m for m in mutants if opts.only in m.name]
    names = set()
    for c in cases + mutants:
        if c.name in names:
            sys.exit(f"robustness: two inputs named {c.name}")
        names.add(c.name)

    work = tempfile.mkdtemp(prefix="mscclc-robustness-")
    runner = Runner(opts, work)
    runner.warm()
    counts = {k: 0 for k in ["crash", "hang", "memory", "unlocated",
                             "leftover", "changed", "unreadable",
                             "unexpected", "setup", "known"]}
    failed = []
    seconds = {}  # per input, to show how close the slowest come to a bound

    def timed_run(c):
        t0 = time.monotonic()
        problems = runner.run(c)
        seconds[c.name] = (time.monotonic() - t0, c.timeout)
        return problems

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        futures = {pool.submit(timed_run, c): c for c in cases + mutants}
        for fut in concurrent.futures.as_completed(futures):
            c = futures[fut]
            problems = fut.result()
            for cat, msg in problems:
                counts[cat] += 1
            if any(cat != "known" for cat, _ in problems):
                failed.append((c, problems))
    for c, problems in sorted(failed, key=lambda x: x[0].name):
        print(f"FAIL {c.name}")
        for cat, msg in problems:
            print(f"  {cat}: {msg}")
        if isinstance(c, mutate.Mutant):
            print(f"  (mutant of {c.origin}: {c.description})")
    if not failed and not opts.keep:
        shutil.rmtree(work, ignore_errors=True)
    elif failed:
        print(f"sandboxes of failed inputs kept in {work}/cases")
    elapsed = time.monotonic() - start
    slowest = sorted(seconds.items(), key=lambda x: -x[1][0])[:5]
    print("slowest inputs (seconds of their bound): " + ", ".join(
        f"{name} {t:.1f} of {bound:.0f}" for name, (t, bound) in slowest))
    print(f"robustness: {len(cases) + len(mutants)} inputs ({len(cases)} "
          f"cases, {len(mutants)} mutants, seed {opts.seed}): "
          f"{counts['crash']} crashes, {counts['hang']} hangs, "
          f"{counts['memory']} over memory, {counts['unlocated']} unlocated, "
          f"{counts['leftover']} leftovers, {counts['changed']} changed "
          f"files, {counts['unreadable']} unreadable plans, "
          f"{counts['unexpected']} unexpected exits, {counts['setup']} "
          f"broken cases; {counts['known']} known gaps ({elapsed:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
