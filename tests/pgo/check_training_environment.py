#!/usr/bin/env python3
"""Checks the environment cmake/pgo-train.py gives the training runs.

A shell that exported GCOV_PREFIX (a coverage setting) once made the
training's counts land under that prefix instead of beside the
instrumented objects, and the build stopped with "the runs left no
counts". The training runs must not see GCOV_PREFIX, GCOV_PREFIX_STRIP,
mscclc's own switches or a preloaded library, and must get their own
header cache; everything else passes through.
"""
import importlib.util
import os
import sys

sys.dont_write_bytecode = True
source_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location(
    "pgo_train", os.path.join(source_root, "cmake", "pgo-train.py"))
pgo_train = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pgo_train)

shell = {
    "PATH": "/usr/bin:/bin",
    "HOME": "/home/user",
    "GCOV_PREFIX": "/tmp/elsewhere",
    "GCOV_PREFIX_STRIP": "3",
    "MSCCLC_NO_PCH": "1",
    "MSCCLC_CACHE_DIR": "/home/user/.cache/mscclc",
    "LD_PRELOAD": "libfoo.so",
}
env = pgo_train.training_environment(shell, "/build/pgo/runs")
expected = {
    "PATH": "/usr/bin:/bin",
    "HOME": "/home/user",
    "MSCCLC_CACHE_DIR": "/build/pgo/runs/cache",
}
if env != expected:
    print("training environment: got %r, expected %r" % (env, expected))
    sys.exit(1)
print("training environment: GCOV_PREFIX, GCOV_PREFIX_STRIP, MSCCLC_*, "
      "LD_PRELOAD dropped; own cache; the rest kept")
