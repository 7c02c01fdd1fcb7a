#!/usr/bin/env python3
"""Trains mscclc's profile (cmake/MscclcPgo.cmake).

Runs the instrumented mscclc on the training programs, what a user
compiles: every conformance program with the arguments of its reference
plan (tests/conformance/manifest.tsv), the default plans
(install-defaults), and the samples, the all-pairs AllReduce up to 32
ranks. Each run adds its counts to X.cpp.gcda beside each instrumented
object X.cpp.o. The counts are then copied to the same place in the main
build, beside the object's twin, where -fprofile-use reads them.

A program that fails to compile is reported and the training goes on: the
test suite says what is wrong, and a build that stopped here would keep
the developer from running it. The training fails only when no run
succeeded or no counts were left.
"""
import argparse
import os
import shutil
import subprocess
import sys

# One run of the training takes at most a few seconds with counters.
RUN_TIMEOUT_SECONDS = 600


def remove_counts(tree):
    for folder, _, files in os.walk(tree):
        for name in files:
            if name.endswith(".gcda"):
                os.remove(os.path.join(folder, name))


def training_environment(environ, work_dir):
    """The environment of the training runs.

    The runs see what a user's would: none of mscclc's switches from the
    shell that started the build (MSCCLC_NO_PCH, MSCCLC_THREADS, ...), no
    preloaded library; the precompiled header is built by the first run,
    loaded by the others, and kept out of the user's cache. GCOV_PREFIX and
    GCOV_PREFIX_STRIP (a coverage run's settings) would send the counts away
    from the instrumented build, where main() collects them.
    """
    env = {k: v for k, v in environ.items()
           if not k.startswith(("MSCCLC_", "GCOV_PREFIX")) and k != "LD_PRELOAD"}
    env["MSCCLC_CACHE_DIR"] = os.path.join(work_dir, "cache")
    return env


def training_runs(mscclc, source_root, work_dir):
    plan = os.path.join(work_dir, "plan.json")
    runs = []
    # The lit format's reader of the table; the build leaves no bytecode in
    # the source tree.
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.join(source_root, "tests", "tools"))
    import conformance_manifest

    conformance = os.path.join(source_root, "tests", "conformance")
    for row in conformance_manifest.rows(os.path.join(conformance, "manifest.tsv")):
        if len(row) < 4 or not row[1].endswith(".cpp"):
            continue
        _, source, algo, params = row[:4]
        runs.append([mscclc, os.path.join(conformance, source), "--algo", algo]
                    + conformance_manifest.compile_arguments(params) + ["-o", plan])
    runs.append([mscclc, "install-defaults", "--dir",
                 os.path.join(work_dir, "defaults")])
    samples = os.path.join(source_root, "samples")
    for sample in ("allgather.cpp", "alltoall.cpp", "allreduce_nvls.cpp"):
        runs.append([mscclc, os.path.join(samples, sample), "-o", plan])
    for ranks in (8, 16, 32):
        runs.append([mscclc, os.path.join(samples, "allreduce_allpairs.cpp"),
                     "-P", "num_ranks=%d" % ranks, "--allow-limit-violations",
                     "-o", plan])
    return runs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mscclc", required=True, help="the instrumented executable")
    parser.add_argument("--source-root", required=True)
    parser.add_argument("--instrumented-build", required=True,
                        help="the instrumented stage's build directory")
    parser.add_argument("--build", required=True, help="the main build directory")
    parser.add_argument("--work-dir", required=True, help="plans and the header cache go here")
    args = parser.parse_args()

    shutil.rmtree(args.work_dir, ignore_errors=True)
    os.makedirs(args.work_dir)
    remove_counts(args.instrumented_build)
    env = training_environment(os.environ, args.work_dir)

    runs = training_runs(args.mscclc, args.source_root, args.work_dir)
    failed = 0
    for cmd in runs:
        try:
            r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True,
                               timeout=RUN_TIMEOUT_SECONDS)
            status, tail = r.returncode, "\n".join(r.stderr.strip().splitlines()[-3:])
        except subprocess.TimeoutExpired:
            status, tail = "timeout", "(over %d s)" % RUN_TIMEOUT_SECONDS
        if status != 0:
            failed += 1
            print("pgo-train: exit %s: %s\n%s" % (status, " ".join(cmd), tail),
                  file=sys.stderr)
    print("pgo-train: %d of %d training runs compiled" % (len(runs) - failed, len(runs)))
    if failed == len(runs):
        print("pgo-train: no training run succeeded; configure with "
              "-DMSCCLC_PGO=OFF to build without a profile", file=sys.stderr)
        return 1

    copied = 0
    for folder, _, files in os.walk(args.instrumented_build):
        for name in files:
            if not name.endswith(".gcda"):
                continue
            rel = os.path.relpath(os.path.join(folder, name), args.instrumented_build)
            target = os.path.join(args.build, rel)
            # The object may not be compiled yet: it waits for this.
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(folder, name), target)
            copied += 1
    print("pgo-train: counts of %d objects copied to %s" % (copied, args.build))
    if copied == 0:
        print("pgo-train: the runs left no counts under %s" % args.instrumented_build,
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
