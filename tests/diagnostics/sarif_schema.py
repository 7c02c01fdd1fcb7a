#!/usr/bin/env python3
"""Validates mscclc's -fdiagnostics-format=sarif output against the SARIF
2.1.0 JSON schema (ctest diagnostics/sarif-schema).

    sarif_schema.py --mscclc BIN --source-dir ROOT --cache DIR

Debian ships no copy of the schema, so the test takes the OASIS 2.1.0
schema (its final "rtm.5" text) from a pinned npm package that bundles it
(@microsoft/jest-sarif 1.0.0-beta.0), checks its SHA-256, and keeps it in
the build tree; MSCCLC_SARIF_SCHEMA=PATH uses a local copy instead. Without
npm or the registry the test is skipped (exit 77), never passed.

Every output below must be a valid SARIF log: an error with a note, a
warning, a plan's error located by JSON path, a usage error, a clean
compile, and a file name that needs percent-encoding.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

PACKAGE = "@microsoft/jest-sarif@1.0.0-beta.0"
MEMBER = "package/lib/schemas/sarif-2.1.0-rtm.5.json"
SHA256 = "2d99159ae54a3eea97f81781cff48780548657c35949f4b7f25e99a2ba4de4f8"
SKIP = 77

try:
    import jsonschema
except ImportError:
    # Debian's python3-jsonschema lives with /usr/bin/python3, which may not
    # be the python3 first on PATH.
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("sarif-schema: the jsonschema module is missing "
          "(apt-get install python3-jsonschema)")
    sys.exit(1)


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def schema_path(cache):
    given = os.environ.get("MSCCLC_SARIF_SCHEMA")
    if given:
        return given
    cached = os.path.join(cache, "sarif-schema-2.1.0.json")
    if os.path.exists(cached) and sha256(cached) == SHA256:
        return cached
    npm = shutil.which("npm")
    if not npm:
        print("sarif-schema: SKIPPED: npm is not installed, so the SARIF "
              "2.1.0 schema cannot be had (set MSCCLC_SARIF_SCHEMA=PATH)")
        sys.exit(SKIP)
    with tempfile.TemporaryDirectory() as tmp:
        try:
            subprocess.run([npm, "pack", PACKAGE, "--silent"], cwd=tmp,
                           check=True, timeout=180, capture_output=True)
        except (subprocess.SubprocessError, OSError) as e:
            print("sarif-schema: SKIPPED: could not fetch %s: %s" % (PACKAGE, e))
            sys.exit(SKIP)
        tgz = [f for f in os.listdir(tmp) if f.endswith(".tgz")]
        with tarfile.open(os.path.join(tmp, tgz[0])) as tar:
            data = tar.extractfile(MEMBER).read()
    if hashlib.sha256(data).hexdigest() != SHA256:
        print("sarif-schema: the schema in %s is not the expected text" % PACKAGE)
        sys.exit(1)
    os.makedirs(cache, exist_ok=True)
    with open(cached, "wb") as f:
        f.write(data)
    return cached


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mscclc", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--cache", required=True)
    args = ap.parse_args()

    with open(schema_path(args.cache)) as f:
        schema = json.load(f)
    validator = jsonschema.validators.validator_for(schema)(schema)
    # The validator must see a violation: a level SARIF does not have.
    broken = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
              "results": [{"message": {"text": "m"}, "level": "fatal"}]}]}
    if not list(validator.iter_errors(broken)):
        print("sarif-schema: the schema accepts an invalid log; wrong schema?")
        return 1

    inputs = os.path.join(args.source_dir, "tests", "diagnostics", "Inputs")
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        odd = os.path.join(tmp, "naïve name #1.cpp")
        shutil.copy(os.path.join(inputs, "helper_error.cpp"), odd)
        # Not UTF-8: a file name and a parameter with stray bytes.
        bad = os.path.join(tmp.encode(), b"bad\xff name.cpp")
        shutil.copy(os.path.join(inputs, "helper_error.cpp").encode(), bad)
        bad_plan = os.path.join(tmp, "bad.json")
        with open(bad_plan, "w") as f:
            f.write('{"name":"x","collective":"allgather","gpus":[{"id":0}]}')
        cases = [
            ("error with a note", [os.path.join(inputs, "helper_error.cpp")]),
            ("warning", [os.path.join(inputs, "max_reduce.cpp")]),
            ("plan error", [bad_plan]),
            ("usage error", ["--no-such-option"]),
            ("clean compile", [os.path.join(args.source_dir, "samples",
                                            "allgather.cpp")]),
            ("file name to encode", [odd]),
            ("bytes that are not UTF-8", [bad, "-P", b"q\xfe=1"]),
        ]
        for name, argv in cases:
            out = os.path.join(tmp, "out.json")
            r = subprocess.run([args.mscclc] + argv +
                               ["-o", out, "-fdiagnostics-format=sarif"],
                               capture_output=True, timeout=300)
            try:
                # Strict: a SARIF log is UTF-8 JSON.
                log = json.loads(r.stderr.decode("utf-8"))
                errors = sorted(validator.iter_errors(log), key=str)
                results = len(log["runs"][0]["results"])
            except (ValueError, KeyError, IndexError, UnicodeDecodeError) as e:
                errors, results = ["not a SARIF document: %s" % e], 0
            if errors:
                failures += 1
                print("FAIL %s: %d schema violation(s)" % (name, len(errors)))
                for e in errors[:5]:
                    print("  ", getattr(e, "message", e))
                print(r.stderr[:2000].decode("utf-8", "replace"))
            else:
                print("ok   %s: valid SARIF 2.1.0, %d result(s), exit %d"
                      % (name, results, r.returncode))
    print("sarif-schema: %d valid, %d invalid" % (len(cases) - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
