#!/usr/bin/env python3
"""GPU harness: baked kernels on a real GPU, checked against the host run.

Every sample and the default reference plans of tests/cuda/run.py (one per
op kind) are baked, built with nvcc for the current device (--arch,
default native) and run by `scripts/run-baked --gpu`: all ranks as
virtual ranks on one GPU, 3 launches back to back at the plan's default
size and a second one, f32 and i32. Each rank's output must equal the host
run's (runtime-min's CPU-thread build) and `mscclc sim --semantics
intended`'s bit for bit; the time per launch on the GPU is printed.

Plans with switch channels run too: on virtual ranks their switch ops
loop over the members' buffers; with --devices N (rank r on device r % N)
on GPUs with NVSwitch, each group whose members sit on distinct devices
uses an NVLS multicast object. Plans the simulator finds wrong are left
out.

Without nvcc, or without a CUDA device, it says so and exits 77 (ctest:
skipped). Without a device it first builds one baked sample for the GPU,
so the CUDA runtime is still compiled and linked on machines with none.

  run.py --mscclc PATH [--arch sm_90] [--devices N] [--only TEXT]
"""
import argparse
import importlib.util
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# tests/cuda/run.py (DEFAULT_PLANS, sizes, settings), loaded by path: it
# shares its module name with tests/sim/run.py, which it imports itself.
_spec = importlib.util.spec_from_file_location(
    "cuda_run", os.path.join(REPO, "tests", "cuda", "run.py"))
cudarun = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cudarun)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mscclc", required=True)
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"))
    ap.add_argument("--arch", default="native")
    ap.add_argument("--nvcc", default=os.environ.get(
        "NVCC", "/usr/local/cuda/bin/nvcc"))
    ap.add_argument("--devices", type=int)
    ap.add_argument("--only")
    a = ap.parse_args()
    if not shutil.which(a.nvcc):
        print(f"gpu: {a.nvcc} not found: skipped")
        return 77
    jobs = [(f"sample {f}", [os.path.join(REPO, "samples", f)])
            for f in sorted(os.listdir(os.path.join(REPO, "samples")))
            if f.endswith(".cpp")]
    jobs += [(f"sample {f} {' '.join(params)}",
              [os.path.join(REPO, "samples", f)] + params, sizes)
             for f, params, sizes in cudarun.SAMPLE_VARIANTS]
    plans = os.path.join(a.shared, "conformance", "plans")
    verdicts = cudarun.simrun.load_verdicts()
    for name in cudarun.DEFAULT_PLANS:
        path = os.path.join(plans, name + ".json")
        if not os.path.exists(path):
            continue
        if cudarun.baked_expectation(verdicts, name) != "agree":
            print(f"gpu: plan {name}: the simulator finds it wrong; left out")
            continue
        jobs.append((f"plan {name}", [path]))
    if a.only:
        jobs = [j for j in jobs if a.only in j[0]]
    problems = 0
    for i, (label, args, *fixed) in enumerate(jobs):
        sizes = fixed[0] if fixed else cudarun.sizes_of(a.mscclc, args)
        _, packets = cudarun.run_settings(args)
        # Without a device, the first job builds for an architecture of
        # our choosing (native needs a device) and then says it skipped.
        arch = a.arch
        if i == 0 and arch == "native":
            arch = "sm_80"
        cmd = [sys.executable, os.path.join(REPO, "scripts", "run-baked")] + \
            args + ["--mscclc", a.mscclc, "--runs", "3", "--dtype", "f32,i32",
                    "--packet", packets, "--gpu", "--gpu-arch", arch,
                    "--nvcc", a.nvcc] + \
            (["--gpu-devices", str(a.devices)] if a.devices else [])
        if sizes:
            cmd += ["--size", ",".join(str(s) for s in sizes)]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=3600)
        if p.returncode == 77:
            print(f"gpu: {label}: built for the GPU with nvcc; no CUDA device "
                  f"here: skipped")
            return 77
        out = (p.stdout + p.stderr).strip()
        for line in out.splitlines():
            if "GPU" in line or p.returncode != 0:
                print(f"gpu: {label}: {line}")
        if p.returncode != 0:
            problems += 1
    print(f"gpu: {len(jobs)} inputs, {problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
