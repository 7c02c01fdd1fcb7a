# lit configuration for mscclc's file-driven tests: pass tests on chunk IR
# (tests/passes), user mistakes (tests/errors), sample goldens
# (tests/golden), plans of programs the reference cannot run
# (tests/failures) and the conformance corpus (tests/conformance).
#
# Run through ctest (one ctest test per folder), or directly, e.g.
#   /usr/lib/llvm-19/build/utils/lit/lit.py -sv tests/errors
# which uses the build in build/ (or --param mscclc_site_config=PATH).
import os
import sys

import lit.formats

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "tools"))

site = lit_config.params.get(
    "mscclc_site_config",
    os.path.join(os.path.dirname(__file__), "..", "build", "tests",
                 "lit.site.cfg.py"))
if not os.path.exists(site):
    lit_config.fatal("no lit.site.cfg.py at %s: configure the build first "
                     "(./scripts/setup)" % site)
lit_config.load_config(config, site)

config.name = "mscclc"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cir", ".cpp", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "tools", "unit"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.mscclc_build_dir, "tests", "lit-out")

# mscclc, FileCheck, not and split-file by their plain names.
path = [os.path.dirname(config.mscclc), config.llvm_tools_dir,
        os.path.dirname(config.plan_compare)]
config.environment["PATH"] = os.pathsep.join(
    path + [config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ("HOME", "MSCCLC_CACHE_DIR", "XDG_CACHE_HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

tools = os.path.join(config.test_source_root, "tools")
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%samples", os.path.join(config.mscclc_source_dir, "samples")))
config.substitutions.append(("%ports", os.path.join(config.test_source_root, "conformance")))
config.substitutions.append(("%expect-error", os.path.join(tools, "expect-error")))
# An ASan/UBSan build (./scripts/test --sanitize) sets no process memory
# ceiling: ASan's shadow memory needs the address space.
if getattr(config, "sanitized", False):
    config.available_features.add("asan")
config.substitutions.append(("%run-baked", "%s %s --mscclc %s" % (
    sys.executable, os.path.join(config.mscclc_source_dir, "scripts", "run-baked"),
    config.mscclc)))
# The reference corpus (../shared), where present.
if os.path.isdir(os.path.join(config.shared_dir, "conformance", "plans")):
    config.available_features.add("shared")
    config.substitutions.append(("%shared", config.shared_dir))

import shutil
# A native C++ compiler, for programs whose printed lines must be the same
# natively and under mscclc.
native_cxx = shutil.which("clang++-19") or shutil.which("c++")
if native_cxx:
    config.available_features.add("native-cxx")
    config.substitutions.append(("%native-cxx", native_cxx + " -std=c++20 -w"))

# Running a command as nobody, whose process limits bind (root's
# RLIMIT_NPROC does not): tests of what a process limit does.
import subprocess
as_nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("setpriv") \
        and shutil.which("prlimit") and subprocess.run(
            as_nobody + [config.mscclc, "--version"], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("as-nobody")
    config.substitutions.append(
        ("%as-nobody", "setpriv --reuid=65534 --regid=65534 --clear-groups"))

# nvcc for the PTX checks (tests/ptx): MSCCLC_NVCC, else the toolkit's.
nvcc = os.environ.get("MSCCLC_NVCC") or shutil.which("nvcc") or \
    ("/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc")
     else None)
if nvcc:
    config.available_features.add("nvcc")
    config.substitutions.append(
        ("%nvcc", "%s -std=c++20 -x cu -I%s" % (
            nvcc, os.path.join(config.mscclc_source_dir, "runtime-min",
                               "include"))))
