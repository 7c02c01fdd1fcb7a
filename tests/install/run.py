#!/usr/bin/env python3
"""ctest install/golden-ci: the installed CMake package, as a user's CI uses it.

Installs the build into a temporary prefix (`cmake --install`, nothing is
built), then, on a temporary copy of examples/golden-ci configured with
-DCMAKE_PREFIX_PATH=<prefix> only:

* the build writes the plan mscclc_add_plan asks for, byte-identical to the
  installed mscclc's own output, and a second build does nothing;
* the golden test passes; after a one-line change to the algorithm it fails
  and prints mscclc diff's lines and the command that updates the golden
  file, which is left as it was; the build rewrites the plan;
* MSCCLC_UPDATE_GOLDEN=1 rewrites the golden file with the new plan's bytes
  and passes, and the test passes again; a golden file whose ids are merely
  renumbered (tests/diff/Inputs/renumber.py) still passes;
* a missing golden file fails with the update command, and update mode
  creates it; a source that does not compile fails with mscclc's
  diagnostics, in update mode too, and leaves the golden file alone;
* wrong arguments to the functions, a version the package does not satisfy
  and mscclc_add_baked_plan without C++ stop the configure with a message;
* mscclc_add_baked_plan from the package (tests/install/baked) bakes the
  example for the host runtime, and the result is run and checked;
* with nvcc at hand, a project that bakes it for GPUs (RUNTIME cuda)
  compiles its own CUDA sources, which include runtime.hpp, as C++20 (the
  baked library's usage requirement; configured only, no GPU code built).

Usage: run.py --build-dir B --source-dir S --cmake CMAKE --ctest CTEST
              --generator G [--make-program M] [--cxx CXX]
Set MSCCLC_INSTALL_TEST_KEEP=1 to keep the temporary directory.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

EXAMPLE = "examples/golden-ci"
ALGO = "ring_allgather.cpp"
GOLDEN = "golden/ring_allgather_4.json"
TEST = "ring_allgather/golden"
# The one-line change: rank r's own chunk goes to output slot 0, not r.
LINE_BEFORE = "rank.copy(rank.get_output_buffer().slice(r, r + 1),"
LINE_AFTER = "rank.copy(rank.get_output_buffer().slice(0, 1),"
DIFF_LINES = [
    "rank 1 tb 0 op 0: copy input[0:1] -> output[1:2] became "
    "copy input[0:1] -> output[0:1]",
    "rank 3 tb 0 op 0: copy input[0:1] -> output[3:4] became "
    "copy input[0:1] -> output[0:1]",
    "mscclc diff: 3 differences (3 ops changed)",
]


class Failure(Exception):
    pass


def check(cond, what, output=None):
    if not cond:
        if output is not None:
            what += "\n--- output ---\n" + output
        raise Failure(what)


def run(cmd, env, cwd=None, expect=0):
    """Runs cmd; returns its stdout and stderr, interleaved."""
    p = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=600)
    if expect is not None:
        ok = p.returncode == expect if expect == 0 else p.returncode != 0
        check(ok, "%s: exit status %d, expected %s" %
              (" ".join(cmd), p.returncode,
               "0" if expect == 0 else "non-zero"), p.stdout)
    return p.stdout


def flat(text):
    """text without ctest -V's "N: " prefixes, whitespace collapsed (CMake
    wraps long messages)."""
    return " ".join(re.sub(r"(?m)^\d+: ", "", text).split())


def has(out, message):
    return " ".join(message.split()) in flat(out)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--cmake", required=True)
    ap.add_argument("--ctest", required=True)
    ap.add_argument("--generator", required=True)
    ap.add_argument("--make-program", default="")
    ap.add_argument("--cxx", default="")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="mscclc-install-")
    env = dict(os.environ)
    # A developer's own settings must not leak in: the test sets the mode.
    env.pop("MSCCLC_UPDATE_GOLDEN", None)
    env.pop("CMAKE_GENERATOR", None)
    env["NO_COLOR"] = "1"
    # The installed header is new on every run: keep its precompiled
    # header out of the user's cache.
    env["MSCCLC_CACHE_DIR"] = os.path.join(tmp, "cache")
    update_env = dict(env, MSCCLC_UPDATE_GOLDEN="1")
    try:
        steps(args, tmp, env, update_env)
    except (Failure, subprocess.TimeoutExpired) as e:
        print("FAIL: %s" % e)
        print("(temporary files: %s)" % tmp)
        return 1
    finally:
        if os.environ.get("MSCCLC_INSTALL_TEST_KEEP") != "1":
            shutil.rmtree(tmp, ignore_errors=True)
    print("install/golden-ci: all checks passed")
    return 0


def steps(args, tmp, env, update_env):
    cmake, ctest = args.cmake, args.ctest
    gen = ["-G", args.generator]
    if args.make_program:
        gen.append("-DCMAKE_MAKE_PROGRAM=" + args.make_program)

    # --- install
    prefix = os.path.join(tmp, "prefix")
    run([cmake, "--install", args.build_dir, "--prefix", prefix], env)
    mscclc = os.path.join(prefix, "bin", "mscclc")
    pkg = os.path.join(prefix, "lib", "cmake", "mscclc")
    for f in [mscclc, os.path.join(prefix, "include", "mscclpp", "dsl.hpp"),
              os.path.join(pkg, "mscclcConfig.cmake"),
              os.path.join(pkg, "mscclcConfigVersion.cmake"),
              os.path.join(pkg, "MscclcPlans.cmake"),
              os.path.join(pkg, "MscclcGolden.cmake"),
              os.path.join(pkg, "MscclcBaked.cmake")]:
        check(os.path.isfile(f), "not installed: " + f)
    print("installed into %s" % prefix)

    # --- the example, configured against the prefix only
    src = os.path.join(tmp, "golden-ci")
    bld = os.path.join(tmp, "golden-ci-build")
    shutil.copytree(os.path.join(args.source_dir, EXAMPLE), src,
                    ignore=shutil.ignore_patterns("build*"))
    algo = os.path.join(src, ALGO)
    golden = os.path.join(src, GOLDEN)
    out = run([cmake, "-S", src, "-B", bld, *gen,
               "-DCMAKE_PREFIX_PATH=" + prefix], env)
    cache = open(os.path.join(bld, "CMakeCache.txt")).read()
    check("mscclc_DIR:PATH=%s\n" % pkg in cache,
          "find_package(mscclc) did not find the installed package", cache)

    def direct(source, ranks):
        """What the installed mscclc itself writes for source."""
        path = os.path.join(tmp, "direct-%d.json" % ranks)
        run([mscclc, source, "-P", "num_ranks=%d" % ranks, "-o", path], env)
        return read(path)

    # --- build: the plan, then nothing
    out = run([cmake, "--build", bld], env)
    plan = os.path.join(bld, "ring_allgather_8.json")
    check(os.path.isfile(plan), "the build wrote no " + plan, out)
    original_plan = read(plan)
    check(read(plan) == direct(algo, 8),
          "the built plan differs from `mscclc %s -P num_ranks=8`" % ALGO)
    if "Ninja" in args.generator:
        out = run([cmake, "--build", bld], env)
        check("no work to do" in out, "a second build did work", out)
    print("build: %s as mscclc writes it" % os.path.basename(plan))

    def golden_test(e, expect):
        return run([ctest, "--test-dir", bld, "-V", "-R", "^%s$" % TEST],
                   e, expect=expect)

    # --- the golden test passes on the committed golden file (by meaning:
    # the example's golden file need not follow byte changes of the output)
    out = golden_test(env, None)
    check("the plans are equal (4 ranks," in out and
          "tests passed, 0 tests failed" in out,
          "the example's golden test fails: if mscclc's plans changed on "
          "purpose, regenerate it: build/compiler/mscclc %s/%s -P num_ranks=4 "
          "-o %s/%s" % (EXAMPLE, ALGO, EXAMPLE, GOLDEN), out)
    committed = read(golden)
    print("ctest: %s passes" % TEST)

    # --- a one-line change fails it, with the differences
    text = open(algo).read()
    check(text.count(LINE_BEFORE) == 1,
          "%s/%s no longer has the line %r this test changes" %
          (EXAMPLE, ALGO, LINE_BEFORE))
    with open(algo, "w") as f:
        f.write(text.replace(LINE_BEFORE, LINE_AFTER))
    # The source is newer than the plan whatever the clock did meanwhile.
    st = os.stat(plan)
    os.utime(algo, ns=(st.st_atime_ns, st.st_mtime_ns + 10**10))
    out = golden_test(env, 1)
    for line in DIFF_LINES:
        check(line in out, "the failing test does not print %r" % line, out)
    for message in ["no longer compiles to the plan in %s" % golden,
                    "MSCCLC_UPDATE_GOLDEN=1 ctest --test-dir '%s' -R '^%s$'" %
                    (bld, TEST)]:
        check(has(out, message), "the failing test does not print %r" %
              message, out)
    check(read(golden) == committed, "the failing test changed the golden file")
    print("after a one-line change: %s fails with the diff:" % TEST)
    for line in re.sub(r"(?m)^\d+: ", "", out).splitlines():
        if re.match(r"rank \d+ .* became |mscclc diff: ", line):
            print("    " + line)
    out = run([cmake, "--build", bld], env)
    changed = direct(algo, 8)
    check(read(plan) == changed and changed != original_plan,
          "the build did not rewrite the plan after the source changed", out)

    # --- update mode blesses the change
    out = golden_test(update_env, 0)
    check(has(out, "MSCCLC_UPDATE_GOLDEN: rewrote %s" % golden),
          "update mode did not say it rewrote the golden file", out)
    check(all(l in out for l in DIFF_LINES),
          "update mode did not show what it changed", out)
    check(read(golden) == direct(algo, 4),
          "update mode did not write the new plan's bytes")
    golden_test(env, 0)
    out = golden_test(update_env, 0)
    check("is up to date" in out, "a second update rewrote the golden file",
          out)
    print("MSCCLC_UPDATE_GOLDEN=1: golden rewritten, test passes again")

    # --- renumbered ids are no difference (mscclc diff, not bytes)
    renumbered = run([sys.executable, os.path.join(
        args.source_dir, "tests", "diff", "Inputs", "renumber.py"), golden],
        env)
    check(renumbered.encode() != read(golden),
          "renumber.py left the golden file as it was")
    with open(golden, "w") as f:
        f.write(renumbered)
    out = golden_test(env, 0)
    check("the plans are equal" in out,
          "a renumbered golden file does not pass", out)
    print("a golden file with renumbered ids still passes")

    # --- a missing golden file
    os.remove(golden)
    out = golden_test(env, 1)
    for line in ["the golden file %s does not exist" % golden,
                 "MSCCLC_UPDATE_GOLDEN=1 ctest --test-dir '%s' -R '^%s$'" %
                 (bld, TEST)]:
        check(has(out, line), "a missing golden file: no %r" % line, out)
    check(not os.path.exists(golden), "the failing test created the golden")
    out = golden_test(update_env, 0)
    check(has(out, "MSCCLC_UPDATE_GOLDEN: created %s" % golden),
          "update mode did not say it created the golden file", out)
    check(read(golden) == direct(algo, 4), "update mode created a wrong file")
    golden_test(env, 0)
    print("a missing golden file fails with the update command; "
          "update mode creates it")

    # --- a source that does not compile, in both modes
    before = read(golden)
    with open(algo, "a") as f:
        f.write("int broken = ;\n")
    for e in (env, update_env):
        out = golden_test(e, 1)
        check(re.search(r"ring_allgather\.cpp:\d+:\d+: error: expected "
                        r"expression", out),
              "a compile error: mscclc's diagnostic is not shown", out)
        check(has(out, "mscclc could not compile %s" % algo),
              "a compile error: the test does not say so", out)
        check(read(golden) == before, "a compile error changed the golden")
    print("a compile error fails with mscclc's diagnostics")

    configure_errors(args, tmp, env, gen, prefix)
    baked(args, tmp, env, gen, prefix, algo_source=os.path.join(
        args.source_dir, EXAMPLE, ALGO))
    baked_cuda_flags(args, tmp, env, gen, prefix, algo_source=os.path.join(
        args.source_dir, EXAMPLE, ALGO))


def configure_errors(args, tmp, env, gen, prefix):
    """Each project's configure must fail with the message given."""
    cases = {
        "no-output": ("mscclc_add_plan(TARGET p SOURCE a.cpp)",
                      "mscclc_add_plan: OUTPUT is required"),
        "bad-params": ("mscclc_add_plan(TARGET p SOURCE a.cpp OUTPUT p.json "
                       "PARAMS num_ranks)",
                       "mscclc_add_plan: PARAMS takes <name>=<value> pairs, "
                       "not 'num_ranks'"),
        "no-source-file": ("mscclc_add_plan(TARGET p SOURCE b.cpp "
                           "OUTPUT p.json)",
                           "mscclc_add_plan: SOURCE %s does not exist"),
        "unknown-arg": ("mscclc_add_golden_test(NAME t SOURCE a.cpp "
                        "GOLDEN g.json PARAM n=1)",
                        "mscclc_add_golden_test: unknown arguments: PARAM;n=1"),
        "output-flag": ("mscclc_add_golden_test(NAME t SOURCE a.cpp "
                        "GOLDEN g.json FLAGS -o x.json)",
                        "FLAGS may not choose the output ('-o')"),
        "baked-no-cxx": ("mscclc_add_baked_plan(TARGET b SOURCE a.cpp)",
                         "mscclc_add_baked_plan: enable the CXX language"),
        "version": (None, 'that is compatible with requested version "9.0"'),
    }
    for name, (call, message) in cases.items():
        d = os.path.join(tmp, "args", name)
        os.makedirs(d)
        open(os.path.join(d, "a.cpp"), "w").close()
        version = "9.0" if call is None else "0.1"
        with open(os.path.join(d, "CMakeLists.txt"), "w") as f:
            f.write("cmake_minimum_required(VERSION 3.20)\n"
                    "project(args NONE)\n"
                    "find_package(mscclc %s REQUIRED)\n%s\n" %
                    (version, call or ""))
        out = run([args.cmake, "-S", d, "-B", os.path.join(d, "build"), *gen,
                   "-DCMAKE_PREFIX_PATH=" + prefix], env, expect=1)
        if "%s" in message:
            message = message % os.path.join(d, "b.cpp")
        check(has(out, message),
              "configure case %s: no %r" % (name, message), out)
    print("wrong arguments, version 9.0, baking without C++: configure errors")


def baked(args, tmp, env, gen, prefix, algo_source):
    d = os.path.join(tmp, "baked-build")
    cfg = [args.cmake, "-S", os.path.join(args.source_dir, "tests", "install",
                                          "baked"),
           "-B", d, *gen, "-DCMAKE_PREFIX_PATH=" + prefix,
           "-DRING_ALLGATHER_SOURCE=" + algo_source]
    if args.cxx:
        cfg.append("-DCMAKE_CXX_COMPILER=" + args.cxx)
    run(cfg, env)
    cache = open(os.path.join(d, "CMakeCache.txt")).read()
    check("MSCCLC_RUNTIME_INCLUDE_DIR:INTERNAL=%s\n" %
          os.path.join(prefix, "include") in cache,
          "mscclc_add_baked_plan does not use the installed runtime headers",
          cache)
    run([args.cmake, "--build", d], env)
    out = run([os.path.join(d, "check_baked")], env)
    check("baked ring_allgather: 4 ranks, results correct" in out,
          "the baked plan gave wrong results", out)
    print("mscclc_add_baked_plan: baked from the prefix, results correct")


def baked_cuda_flags(args, tmp, env, gen, prefix, algo_source):
    nvcc = os.environ.get("CUDACXX", "/usr/local/cuda/bin/nvcc")
    if not os.path.exists(nvcc):
        print("mscclc_add_baked_plan RUNTIME cuda: no nvcc, not checked")
        return
    d = os.path.join(tmp, "baked-cuda")
    os.makedirs(d)
    with open(os.path.join(d, "main.cu"), "w") as f:
        f.write('#include "ring_allgather.h"\n'
                "#include <mscclc/rt/runtime.hpp>\n"
                "int main() { return mscclc_baked::ring_allgather::plan_info()"
                ".ranks == 4 ? 0 : 1; }\n")
    with open(os.path.join(d, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.20)\n"
                "project(baked_cuda CXX CUDA)\n"
                "set(CMAKE_CUDA_ARCHITECTURES 80)\n"
                "find_package(mscclc 0.1 REQUIRED)\n"
                "mscclc_add_baked_plan(TARGET ring_allgather SOURCE %s "
                "PARAMS num_ranks=4 DTYPES f32 RUNTIME cuda)\n"
                "add_executable(app main.cu)\n"
                "target_link_libraries(app PRIVATE ring_allgather)\n" %
                algo_source)
    b = os.path.join(d, "build")
    cfg = [args.cmake, "-S", d, "-B", b, *gen, "-DCMAKE_PREFIX_PATH=" + prefix,
           "-DCMAKE_CUDA_COMPILER=" + nvcc]
    if args.cxx:
        cfg.append("-DCMAKE_CXX_COMPILER=" + args.cxx)
    run(cfg, env)
    # The flags main.cu is compiled with: build.ninja (Ninja) or the
    # target's flags.make (Makefiles).
    ninja = os.path.join(b, "build.ninja")
    if os.path.exists(ninja):
        with open(ninja) as f:
            text = f.read()
        at = text.find("main.cu.o: CUDA_COMPILER")
        flags = text[at:text.find("\n\n", at)] if at >= 0 else ""
    else:
        with open(os.path.join(b, "CMakeFiles", "app.dir",
                               "flags.make")) as f:
            flags = f.read()
    check(re.search(r"(^|\s)-std=c\+\+20(\s|$)", flags, re.M),
          "RUNTIME cuda: the project's main.cu is not compiled as C++20 "
          "(runtime.hpp needs it)", flags)
    print("mscclc_add_baked_plan RUNTIME cuda: users' CUDA sources get C++20")


if __name__ == "__main__":
    sys.exit(main())
