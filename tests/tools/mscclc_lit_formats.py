"""Test formats for mscclc's lit suites whose tests come from a table or a
folder rather than from files carrying RUN lines:

- ManifestFormat (tests/conformance): one test per row of manifest.tsv;
  our port of the upstream program, compiled with the reference
  arguments, must give a plan byte-identical to
  ../shared/conformance/plans/NAME.json (plan_compare names the first
  difference). The defaults.* rows come from `mscclc install-defaults`,
  which numbers barriers across the default plans as the reference
  installer does. Without ../shared the tests are UNSUPPORTED.
- GoldenFormat (tests/golden): one test per sample in samples/; its plan
  and chunk IR must equal tests/golden/NAME.json and NAME.ir byte for
  byte. scripts/bless-golden rewrites them after a reviewed change.

They live in a module (not in lit.local.cfg) so lit can run them in
parallel worker processes.
"""
import os
import shlex
import subprocess
import tempfile

import lit.formats
import lit.Test

import conformance_manifest


class ManifestFormat(lit.formats.TestFormat):
    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        source = testSuite.getSourcePath(path_in_suite)
        if not os.path.exists(os.path.join(source, "manifest.tsv")):
            return  # the folders of ports hold no tests of their own
        for fields in conformance_manifest.rows(os.path.join(source, "manifest.tsv")):
            yield lit.Test.Test(testSuite, path_in_suite + (fields[0],), localConfig)

    def row(self, test):
        name = test.path_in_suite[-1]
        manifest = os.path.join(os.path.dirname(test.getSourcePath()), "manifest.tsv")
        for fields in conformance_manifest.rows(manifest):
            if fields[0] == name:
                return fields
        return None

    def execute(self, test, litConfig):
        cfg = test.config
        name, source, algo, params = self.row(test)[:4]
        reference = os.path.join(cfg.shared_dir, "conformance", "plans", name + ".json")
        if not os.path.exists(reference):
            return lit.Test.UNSUPPORTED, "../shared is absent: %s not found" % reference
        ports = os.path.dirname(test.getSourcePath())
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, name + ".json")
            if name.startswith("defaults."):
                cmd = [cfg.mscclc, "install-defaults", "--dir", os.path.join(tmp, "d")]
                produced = os.path.join(tmp, "d", name[len("defaults."):] + ".json")
            else:
                args = conformance_manifest.compile_arguments(params)
                cmd = [cfg.mscclc, os.path.join(ports, source), "--algo", algo] + args + ["-o", out]
                produced = out
            log = "$ " + " ".join(shlex.quote(c) for c in cmd) + "\n"
            r = subprocess.run(cmd, capture_output=True, text=True)
            log += r.stdout + r.stderr
            if r.returncode != 0:
                return lit.Test.FAIL, log + "compile failed\n"
            r = subprocess.run([cfg.plan_compare, produced, reference], capture_output=True, text=True)
            log += r.stdout + r.stderr
            if r.returncode != 0 or "byte-identical: yes" not in r.stdout:
                return lit.Test.FAIL, log + "plan differs from " + reference + "\n"
            return lit.Test.PASS, log



class GoldenFormat(lit.formats.TestFormat):
    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        samples = os.path.join(localConfig.mscclc_source_dir, "samples")
        for f in sorted(os.listdir(samples)):
            if f.endswith(".cpp"):
                yield lit.Test.Test(testSuite, path_in_suite + (f[:-4],), localConfig)

    def execute(self, test, litConfig):
        cfg = test.config
        stem = test.path_in_suite[-1]
        sample = os.path.join(cfg.mscclc_source_dir, "samples", stem + ".cpp")
        golden = os.path.dirname(test.getSourcePath())
        log = ""
        with tempfile.TemporaryDirectory() as tmp:
            for ext, extra in ((".json", []), (".ir", ["--emit-ir"])):
                out = os.path.join(tmp, stem + ext)
                expected = os.path.join(golden, stem + ext)
                r = subprocess.run([cfg.mscclc, sample] + extra + ["-o", out],
                                   capture_output=True, text=True)
                log += r.stderr
                if r.returncode != 0:
                    return lit.Test.FAIL, log + "compile failed\n"
                if not os.path.exists(expected):
                    return lit.Test.FAIL, log + ("no golden file %s; review the output and "
                                                 "run scripts/bless-golden\n" % expected)
                with open(out, "rb") as a, open(expected, "rb") as b:
                    if a.read() != b.read():
                        d = subprocess.run(["diff", expected, out], capture_output=True, text=True)
                        return lit.Test.FAIL, log + "%s differs:\n%s" % (expected, d.stdout[:4000])
        return lit.Test.PASS, log

