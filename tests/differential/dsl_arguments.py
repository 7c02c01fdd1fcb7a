#!/usr/bin/env python3
"""Random DSL call arguments: compiled against walked, byte for byte.

  dsl_arguments.py --mscclc PATH [--seeds A:B] [--keep DIR]

The evaluator compiles the arguments of DSL calls once (options lists,
chunk variables, `Rank(p).get_input_buffer().slice(i, j)`, lists of
chunks; frontend/src/EvalDslArguments.cpp) and computes them later
without its tree walk. Each seed writes one program whose loop records
copies, reductions and puts with random such arguments: integer
expressions over loop variables (some with ?: or a vector element, which
the compiled form leaves to the walk), a reference, chunk variables,
options with random fields, indices that sometimes fall outside the
buffer or a thread block that is negative (errors mid-loop). Every third
program runs under a random --max-steps, so that the step limit strikes
inside an argument. mscclc with all fast paths, without the routes
(MSCCLC_NO_FAST_ROUTES=1) and without the integer code
(MSCCLC_NO_FAST_INTEGERS=1) must give the same exit code, the same
diagnostics at the same places and byte-identical plans.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import crash_problem, report_seed, summarise  # noqa: E402

RANKS = 4
SIZE = 8


def index_expr(rng, names, depth=0):
    """An int expression over the loop's variables, mostly in [0, SIZE)."""
    r = rng.random()
    if depth > 1 or r < 0.35:
        return rng.choice(names + [str(rng.randint(0, SIZE - 1))])
    if r < 0.55:
        return "(%s + %d) %% %d" % (index_expr(rng, names, depth + 1),
                                   rng.randint(0, 5), SIZE)
    if r < 0.65:
        return "%s * %d" % (index_expr(rng, names, depth + 1),
                            rng.randint(0, 2))
    if r < 0.75:
        return "(%s > %d ? %s : %s)" % (
            rng.choice(names), rng.randint(0, 6),
            index_expr(rng, names, depth + 1),
            index_expr(rng, names, depth + 1))
    if r < 0.95:
        return "idx[%s %% 3]" % rng.choice(names)
    return "%s - %d" % (index_expr(rng, names, depth + 1), rng.randint(0, 2))


def chunk_expr(rng, names):
    r = rng.random()
    if r < 0.3:
        return rng.choice(["own", "other"])
    buf = rng.choice(["get_input_buffer", "get_output_buffer"])
    start = index_expr(rng, names)
    if r < 0.85:
        return "Rank(r).%s().slice(%s, %s + 1)" % (buf, start, start)
    return "input.slice(%s, %s + 1)" % (start, start)


def tb_field(rng, names):
    if rng.random() < 0.97:
        return ".tb = %s" % rng.choice(names[:2] + ["0", "1"])
    return ".tb = %s - %d" % (rng.choice(names), rng.randint(0, 8))


def options(rng, names, kind):
    fields = [tb_field(rng, names)]
    if kind == "reduce" and rng.random() < 0.3:
        fields.append(".reduce_op = ReduceOperationType::%s" %
                      rng.choice(["sum", "min", "max"]))
    if rng.random() < 0.02:
        return "{}"
    return "{%s}" % ", ".join(fields)


def statement(rng, names):
    r = rng.random()
    if r < 0.4:
        return "Rank(r).copy(%s, %s, %s);" % (
            chunk_expr(rng, names), chunk_expr(rng, names),
            options(rng, names, "copy"))
    if r < 0.7:
        others = ", ".join(chunk_expr(rng, names)
                           for _ in range(rng.randint(1, 3)))
        return "Rank(r).reduce(%s, {%s}, %s);" % (
            chunk_expr(rng, names), others, options(rng, names, "reduce"))
    return ("ch[r].put(Rank((r + 1) %% %d).get_input_buffer().slice(%s, %s "
            "+ 1), own, %s);" % (RANKS, *([index_expr(rng, names)] * 2),
                                 options(rng, names, "put")))


def program(seed):
    rng = random.Random(seed)
    names = ["t", "i", "j", "ri", "it"]
    body = []
    for _ in range(rng.randint(2, 6)):
        body.append("    " + statement(rng, names))
    iterations = rng.randint(4, 14)
    return """#include <mscclpp/dsl.hpp>
#include <vector>
using namespace mscclpp::dsl;

MSCCLPP_ALGORITHM void dsl_arguments() {
  TestCollective collective(%d, %d, %d);
  CollectiveProgram program("dsl_arguments", collective, %d);
  std::vector<MemoryChannel> ch;
  for (int r = 0; r < %d; ++r)
    ch.push_back(MemoryChannel((r + 1) %% %d, r));
  std::vector<int> idx = {%d, %d, %d};
  for (int it = 0; it < %d; ++it) {
    const int r = it %% %d;
    int t = (it * %d) %% 3;
    int i = (it + %d) %% %d, j = (it * 3 + %d) %% %d;
    const int &ri = i;
    BaseBuffer input = Rank(r).get_input_buffer();
    Chunk own = input.slice(i, i + 1);
    Chunk other = Rank(r).get_output_buffer().slice(j, j + 1);
%s
  }
}
""" % (RANKS, SIZE, SIZE, RANKS, RANKS, RANKS,
       *(rng.randint(0, SIZE - 1) for _ in range(3)), iterations, RANKS,
       rng.randint(1, 3), rng.randint(0, 7), SIZE + rng.choice([0, 0, 0, 0, 1]),
       rng.randint(0, 7), SIZE, "\n".join(body))


def run(cmd, env):
    return subprocess.run(cmd, capture_output=True, env=env, timeout=300)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mscclc", required=True)
    ap.add_argument("--seeds", default="0:40")
    ap.add_argument("--keep", help="keep every program in this directory")
    args = ap.parse_args()
    first, last = (int(x) for x in args.seeds.split(":"))
    work = args.keep or tempfile.mkdtemp(prefix="mscclc-dsl-arguments-")
    os.makedirs(work, exist_ok=True)
    failures = errors_seen = 0
    base_env = dict(os.environ)
    base_env.pop("MSCCLC_NO_FAST_INTEGERS", None)
    base_env.pop("MSCCLC_NO_FAST_ROUTES", None)
    for seed in range(first, last):
        src = os.path.join(work, "dsl_arguments_%d.cpp" % seed)
        with open(src, "w") as f:
            f.write(program(seed))
        results = []
        for mode, env in (("fast", {}), ("no routes",
                                         {"MSCCLC_NO_FAST_ROUTES": "1"}),
                          ("no integer code",
                           {"MSCCLC_NO_FAST_INTEGERS": "1"})):
            out = os.path.join(work, "dsl_arguments_%d_%d.json" %
                               (seed, len(results)))
            cmd = [args.mscclc, src, "-o", out, "--allow-limit-violations"]
            if seed % 3 == 2:
                cmd += ["--max-steps",
                        str(random.Random(seed).randint(200, 3000))]
            done = run(cmd, dict(base_env, **env))
            plan = b""
            if os.path.exists(out):
                with open(out, "rb") as f:
                    plan = f.read()
                os.remove(out)
            results.append((mode, done, plan))
        problems = []
        _, fast, fast_plan = results[0]
        for mode, other, plan in results[1:]:
            if (fast.returncode, fast.stderr, fast_plan) != (
                    other.returncode, other.stderr, plan):
                problems.append(
                    "fast and %s differ (plans %s):\n--- fast (exit %d)\n%s"
                    "--- %s (exit %d)\n%s" %
                    (mode, "equal" if plan == fast_plan else "differ",
                     fast.returncode, fast.stderr.decode(), mode,
                     other.returncode, other.stderr.decode()))
        crash = crash_problem(fast.returncode, fast.stderr.decode())
        if crash:
            problems.append(crash)
        if fast.returncode:
            errors_seen += 1
        if report_seed(seed, src, problems):
            failures += 1
    return summarise('dsl_arguments', last - first, failures, errors_seen, work,
                     args.keep)


if __name__ == "__main__":
    sys.exit(main())
