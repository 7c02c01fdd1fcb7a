#!/usr/bin/env python3
"""Random integer expressions: mscclc's two evaluation paths against C++.

  integers.py --mscclc PATH [--clang PATH] [--seeds A:B] [--keep DIR]

The evaluator computes pure integer expressions (literals, integer
variables, arithmetic, comparisons, logic, ?:) on a fast path without
Values (frontend/src/EvalScalar.cpp), and reaches elements of nested
containers without its general dispatch (frontend/src/EvalAccess.cpp,
one of the routes MSCCLC_NO_FAST_ROUTES turns off).
Each seed writes one program of random such expressions over parameters,
a static local, locals of seven integer types and a reference to one of
them, some read through lambda captures or used as indices of a vector,
of a vector of vectors (directly and through a const reference, with []
and at) and keys of a map, printed with printf, and checks:
- mscclc with the fast paths, without both (MSCCLC_NO_FAST_INTEGERS=1
  MSCCLC_NO_FAST_ROUTES=1) and without the routes only gives
  byte-identical output: the same printed values, the same diagnostics at
  the same places, the same exit code. Every third program runs under a
  random --max-steps, so that the step limit strikes mid-expression and
  its location shows that the paths count the same steps;
- the values mscclc prints are what the program prints compiled natively
  with clang and -fsanitize=undefined, and mscclc reports an error at
  exactly the statement where the sanitizer stops the native program
  (signed overflow, division by zero: undefined in C++, errors in mscclc);
- mscclc's -Wimplicit-integer-truncation warnings are at exactly the
  places where the native program's -fsanitize=implicit-integer-truncation
  reports one, but for constants that Clang's own compile-time warning
  covers (never both).
Exits 77 (skipped) when clang cannot build with -fsanitize=undefined
(the UBSan runtime is in libclang-rt-19-dev).
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import crash_problem, report_seed, summarise  # noqa: E402

TYPES = [
    ("int", 32, True),
    ("unsigned", 32, False),
    ("long long", 64, True),
    ("unsigned long long", 64, False),
    ("short", 16, True),
    ("unsigned char", 8, False),
    ("bool", 1, False),
]
INTERESTING = [0, 1, 2, 3, 7, 100, 255, 1000, 65535, 2**31 - 1, 2**31,
               2**32 - 1, 2**63 - 1, -1, -2, -7, -1000, -2**31, -2**63 + 1]
BINARY = ["+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!=", "&",
          "|", "^", "&&", "||"]


def literal(rng):
    v = rng.choice([0, 1, 2, 3, 5, 8, 10, 31, 100, 4096, 65536, 2147483647])
    return rng.choice([str(v), str(v) + "u", str(v) + "ll", str(v) + "ull"])


def expression(rng, names, depth):
    if depth == 0 or rng.random() < 0.25:
        leaf = rng.random()
        if leaf < 0.08 and depth > 0:
            # An element whose index is an integer expression.
            return "arr[(%s) & 3]" % expression(rng, names, depth - 1)
        if leaf < 0.16 and depth > 0:
            # An element of nested containers (the evaluator's access
            # chains), through a const view or not; a map's at with a key
            # that is sometimes missing (std::out_of_range, an error).
            outer = rng.choice(["grid", "cgrid"])
            inner = rng.choice(["[(%s) & 3]", ".at((%s) & 3)"])
            first = ("%s[(%s) & 1]" if rng.random() < 0.5 else
                     "%s.at((%s) & 1)") % (outer,
                                          expression(rng, names, depth - 1))
            if rng.random() < 0.3:
                key = rng.random()
                return "table.at(%s)" % (
                    "k0" if key < 0.4 else
                    "(%s) & %d" % (expression(rng, names, depth - 1),
                                   3 if key < 0.9 else 7))
            return first + inner % expression(rng, names, depth - 1)
        return rng.choice(names) if leaf < 0.8 else literal(rng)
    shape = rng.random()
    if shape < 0.65:
        op = rng.choice(BINARY)
        rhs = expression(rng, names, depth - 1)
        if op in ("/", "%") and rng.random() < 0.8:
            rhs = "(%s | 1)" % rhs  # mostly not a division by zero
        return "(%s %s %s)" % (expression(rng, names, depth - 1), op, rhs)
    if shape < 0.75:
        # Shifts whose amount and base C++20 define for every operand.
        return "((%s & 0xff) %s (%s & 15))" % (
            expression(rng, names, depth - 1), rng.choice(["<<", ">>"]),
            expression(rng, names, depth - 1))
    if shape < 0.9:
        return "(%s%s)" % (rng.choice(["-", "!", "~", "+"]),
                           expression(rng, names, depth - 1))
    return "(%s ? %s : %s)" % (expression(rng, names, depth - 1),
                               expression(rng, names, depth - 1),
                               expression(rng, names, depth - 1))


def small_or_interesting(rng):
    # Mostly small values, so that most programs run to their end.
    return rng.choice(INTERESTING if rng.random() < 0.3 else
                      [0, 1, 2, 3, 5, 9, 12, 40, -1, -3, -8])


def program(seed):
    rng = random.Random(seed)
    lines = []
    # Parameters, a static local and locals of random integer types; a
    # reference to one of them.
    names = ["p0", "p1", "s0"]
    params = (small_or_interesting(rng), small_or_interesting(rng) & 0xffff)
    lines.append("  static const int s0 = %d;" % rng.choice([0, 1, 6, -4]))
    lines.append("  std::vector<int> arr = {3, -5, 7, 11};")
    lines.append("  std::vector<std::vector<int>> grid = "
                 "{{1, -2, 3, 4}, {5, 6, -7, 8}};")
    lines.append("  const auto &cgrid = grid;")
    lines.append("  std::map<int, int> table = {{0, 9}, {1, -4}, {2, 12}, "
                 "{3, 5}};")
    lines.append("  int k0 = %d;" % rng.choice([0, 1, 2, 3, 1, 2, 3, 5]))
    for i in range(rng.randint(4, 8)):
        type_name, _, _ = rng.choice(TYPES)
        name = "v%d" % i
        lines.append("  %s %s = (%s)(%dll);" % (type_name, name, type_name,
                                                 small_or_interesting(rng)))
        names.append(name)
        if i == 2:
            lines.append("  %s &r0 = %s;" % (type_name, name))
            names.append("r0")
    for i in range(rng.randint(20, 40)):
        e = expression(rng, names, rng.randint(1, 4))
        kind = rng.random()
        if kind < 0.5:
            lines.append('  printf("%%lld\\n", (long long)%s);' % e)
        elif kind < 0.6:
            # Read through a lambda's captures, by copy or by reference.
            lines.append('  printf("%%lld\\n", (long long)[%s] { return %s; }());'
                         % (rng.choice(["=", "&"]), e))
        elif kind < 0.8:
            type_name, _, _ = rng.choice(TYPES)
            name = "w%d" % i
            lines.append("  %s %s = %s;" % (type_name, name, e))
            lines.append('  printf("%%lld\\n", (long long)%s);' % name)
        elif kind < 0.9:
            lines.append('  if (%s) printf("1\\n"); else printf("0\\n");' % e)
        else:
            # A braced struct list with default members, evaluated more
            # than once (its kept default fields are a route of their own).
            lines.append('  for (int rep = 0; rep < 3; ++rep) {')
            lines.append('    Defaults q = {.a = (int)(%s), .c = rep == 1};' % e)
            lines.append('    printf("%lld\\n", (long long)(q.a + q.b + q.c + '
                         'q.d));')
            lines.append('  }')
    body = "\n".join(lines)
    return """#include <cstdio>
#include <map>
#include <vector>
#ifdef __MSCCLC__
#include <mscclpp/dsl.hpp>
#endif

struct Defaults {
  int a = 4;
  long long b = -2;
  bool c = true;
  unsigned d = 7u;
};

static void body(int p0, unsigned p1) {
%s
}

#ifdef __MSCCLC__
using namespace mscclpp::dsl;
MSCCLPP_ALGORITHM void integers() {
  TestCollective collective(1, 1, 1);
  CollectiveProgram program("integers", collective, 1);
  body(%d, %du);
  Rank(0).copy(Rank(0).get_output_buffer().slice(0, 1),
               Rank(0).get_input_buffer().slice(0, 1), {.tb = 0});
}
#else
int main() {
  setvbuf(stdout, nullptr, _IONBF, 0); // keep what precedes a sanitizer stop
  body(%d, %du);
}
#endif
""" % (body, params[0], params[1], params[0], params[1])


def printed(text):
    return [line for line in text.splitlines() if re.fullmatch(r"-?\d+", line)]


def truncations_native(stderr):
    # `FILE:L:C: runtime error: implicit conversion from type ... changed
    # the value to ...`
    return {(int(m.group(1)), int(m.group(2))) for m in re.finditer(
        r":(\d+):(\d+): runtime error: implicit conversion from type", stderr)}


def truncations_mscclc(stderr, own):
    # `own`: mscclc's warning; else Clang's for a constant cut (where mscclc
    # leaves the place to Clang, which warns at compile time, also in a
    # branch that never runs).
    pattern = (r":(\d+):(\d+): warning: implicit conversion from '[^']*' "
               r"to '[^']*' changes value .*\[-Wclang\]")
    if own:
        pattern = (r":(\d+):(\d+): warning: implicit conversion from "
                   r"'[^']*' to '[^']*' changes the value .*"
                   r"\[-Wimplicit-integer-truncation\]")
    return {(int(m.group(1)), int(m.group(2)))
            for m in re.finditer(pattern, stderr)}


def run(cmd, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, env=env,
                          timeout=300)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mscclc", required=True)
    ap.add_argument("--clang", default=shutil.which("clang++-19") or
                    shutil.which("clang++"))
    ap.add_argument("--seeds", default="0:30")
    ap.add_argument("--keep", help="keep every program in this directory")
    args = ap.parse_args()
    first, last = (int(x) for x in args.seeds.split(":"))
    work = args.keep or tempfile.mkdtemp(prefix="mscclc-integers-")
    os.makedirs(work, exist_ok=True)
    probe = os.path.join(work, "ubsan_probe.cpp")
    with open(probe, "w") as f:
        f.write("int main() { return 0; }\n")
    if not args.clang or run([args.clang, "-fsanitize=undefined", probe,
                              "-o", probe + ".out"]).returncode != 0:
        print("integers: skipped: clang++ with -fsanitize=undefined is not "
              "available (install libclang-rt-19-dev)")
        return 77
    failures = 0
    errors_seen = 0
    for seed in range(first, last):
        src = os.path.join(work, "integers_%d.cpp" % seed)
        with open(src, "w") as f:
            f.write(program(seed))
        out = os.path.join(work, "integers_%d.json" % seed)
        cmd = [args.mscclc, src, "-o", out]
        if seed % 3 == 2:
            cmd += ["--max-steps", str(random.Random(seed).randint(40, 400))]
        fast_env = dict(os.environ)
        fast_env.pop("MSCCLC_NO_FAST_INTEGERS", None)
        fast_env.pop("MSCCLC_NO_FAST_ROUTES", None)
        fast = run(cmd, fast_env)
        problems = []
        for off in (["MSCCLC_NO_FAST_INTEGERS", "MSCCLC_NO_FAST_ROUTES"],
                    ["MSCCLC_NO_FAST_ROUTES"]):
            general = run(cmd, dict(fast_env, **{k: "1" for k in off}))
            if (fast.returncode, fast.stdout, fast.stderr) != (
                    general.returncode, general.stdout, general.stderr):
                problems.append(
                    "the fast and the general path (%s) differ:\n--- fast "
                    "(exit %d)\n%s--- general (exit %d)\n%s" %
                    (" ".join(off), fast.returncode, fast.stderr,
                     general.returncode, general.stderr))
        crash = crash_problem(fast.returncode, fast.stderr)
        if crash:
            problems.append(crash)
        if seed % 3 != 2 and args.clang:
            exe = os.path.join(work, "integers_%d" % seed)
            # UBSan's implicit-integer-truncation check reports and goes on
            # (each place once), as mscclc's -Wimplicit-integer-truncation
            # warns; everything else undefined stops the program.
            build = run([args.clang, "-std=c++20", "-O0", "-w",
                         "-fsanitize=undefined,implicit-integer-truncation",
                         "-fno-sanitize-recover=all",
                         "-fsanitize-recover=implicit-integer-truncation",
                         src, "-o", exe])
            if build.returncode != 0:
                problems.append("clang could not build it:\n" + build.stderr)
            else:
                native = run([exe])
                want, got = printed(native.stdout), printed(fast.stderr)
                if got != want:
                    problems.append(
                        "mscclc printed other values than C++:\n  C++:    %s\n"
                        "  mscclc: %s" % (want, got))
                # The call of body() is on different lines in the two
                # branches of the #ifdef, with constant arguments (Clang's
                # warning in mscclc): compare the places in body().
                with open(src) as f:
                    text = f.read()
                wrappers = text[:text.index(
                    "#ifdef __MSCCLC__\nusing namespace")].count("\n") + 1

                def split(places):
                    return {p for p in places if p[0] < wrappers}
                constant = truncations_mscclc(fast.stderr, own=False)
                native_places = split(truncations_native(native.stderr))
                got = split(truncations_mscclc(fast.stderr, own=True))
                # Where mscclc is silent, Clang's compile-time warning of a
                # constant on that line stands for it (it points into the
                # parentheses UBSan's report points at).
                constant_lines = {line for line, _ in constant}
                want = {p for p in native_places
                        if p in got or p[0] not in constant_lines}
                if got & constant:
                    problems.append("mscclc warned again where Clang warned "
                                    "of a constant: %s" % sorted(got & constant))
                if got != want:
                    problems.append(
                        "mscclc warned of other implicit truncations than "
                        "UBSan reported (line:col):\n  UBSan:  %s\n"
                        "  mscclc: %s" % (sorted(want), sorted(got)))
                if (native.returncode != 0) != (fast.returncode != 0):
                    problems.append(
                        "C++ %s but mscclc %s:\n%s%s" %
                        ("stopped on undefined behaviour" if native.returncode
                         else "ran to the end",
                         "reported an error" if fast.returncode
                         else "compiled it", native.stderr, fast.stderr))
        if fast.returncode:
            errors_seen += 1
        if report_seed(seed, src, problems):
            failures += 1
    return summarise('integers', last - first, failures, errors_seen, work,
                     args.keep)


if __name__ == "__main__":
    sys.exit(main())
