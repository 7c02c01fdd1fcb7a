#!/usr/bin/env python3
"""Checks that a profile-guided build used its profile (cmake/MscclcPgo.cmake).

GCC compiles an object without a profile when it finds no counts for it,
with only a warning: a change to the object paths, the copy of the counts
or the training would leave mscclc built as if MSCCLC_PGO were off. This
test fails then. For every object X.cpp.o of the profile-guided targets,
it checks that
  - its compile command in compile_commands.json reads a profile
    (-fprofile-use);
  - X.cpp.gcda, the counts GCC reads for it, is beside it and records
    training runs (its object summary's run count is not zero);
and that the training ran the evaluator: the counts of Evaluator.cpp have
a non-zero largest counter.
"""
import argparse
import json
import os
import shlex
import struct
import sys

GCDA_MAGIC = 0x67636461  # "gcda"
OBJECT_SUMMARY_TAG = 0xA1000000


def object_summary(path):
    """(runs, largest counter) of a .gcda file, or None if it has none."""
    with open(path, "rb") as f:
        data = f.read()
    words = struct.unpack("<%dI" % (len(data) // 4), data[: len(data) // 4 * 4])
    if not words or words[0] != GCDA_MAGIC:
        return None
    # The header (magic, version, stamp and, from GCC 12, a checksum) is
    # followed by (tag, length in bytes, contents) records.
    for start in (3, 4):
        i = start
        while i + 1 < len(words):
            tag, length = words[i], words[i + 1]
            if tag == OBJECT_SUMMARY_TAG and length >= 8 and i + 3 < len(words):
                return words[i + 2], words[i + 3]
            if length % 4:
                break
            i += 2 + length // 4
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("targets", nargs="+", help="profile-guided targets")
    args = parser.parse_args()
    build = os.path.realpath(args.build_dir)
    with open(os.path.join(build, "compile_commands.json")) as f:
        commands = json.load(f)

    problems, checked, evaluator = [], 0, None
    for entry in commands:
        argv = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
        output = entry.get("output")
        if output is None and "-o" in argv[:-1]:
            output = argv[argv.index("-o") + 1]
        if output is None:
            continue
        obj = os.path.realpath(os.path.join(entry["directory"], output))
        rel = os.path.relpath(obj, build)
        if rel.startswith("..") or not any(
                ("/CMakeFiles/%s.dir/" % t) in "/" + rel for t in args.targets):
            continue
        checked += 1
        if "-fprofile-use" not in argv:
            problems.append("%s: compiled without -fprofile-use" % rel)
        counts = os.path.splitext(obj)[0] + ".gcda"
        summary = object_summary(counts) if os.path.isfile(counts) else None
        if summary is None:
            problems.append("%s: no counts at %s" % (rel, counts))
        elif summary[0] == 0:
            problems.append("%s: its counts record no training run" % rel)
        if rel.endswith("/Evaluator.cpp.o"):
            evaluator = summary
    if checked == 0:
        problems.append("no object of %s in compile_commands.json" % " ".join(args.targets))
    elif evaluator is None or evaluator[1] == 0:
        problems.append("the training left no counts for the evaluator (Evaluator.cpp)")
    for p in problems:
        print("check_profile: " + p)
    print("check_profile: %d objects checked, %d problems" % (checked, len(problems)))
    if evaluator:
        print("check_profile: Evaluator.cpp: %d training runs, largest counter %d" % evaluator)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
