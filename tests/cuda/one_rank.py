#!/usr/bin/env python3
"""Keeps one rank's kernel of a baked .cu, for a quick device compile.

A plan of many ranks bakes into one kernel per rank, and nvcc compiles all
of them for every element type and packet format (minutes for a 16-rank
plan). This writes a .cu with only rank R's thread-block functions and
kernel, instantiated for one element type and packet format, so that
`nvcc -Xptxas -v` reports that kernel alone in seconds. It relies on the
layout --emit-cuda writes: `rank<R>_tb<B>` functions, then one
`rank<R>` kernel per rank, each preceded by its template line.

  one_rank.py IN.cu OUT.cu RANK DTYPE PACKET   (e.g. 14 f16 LL16)
"""
import re
import sys

DTYPES = {"f32": "float", "f16": "mscclc::rt::f16", "bf16": "mscclc::rt::bf16",
          "i32": "int32_t", "u32": "uint32_t", "u8": "uint8_t"}


def main():
    if len(sys.argv) != 6 or sys.argv[4] not in DTYPES or \
            sys.argv[5] not in ("LL16", "LL8"):
        sys.exit(__doc__)
    src, out, rank, dtype, packet = sys.argv[1:]
    lines = open(src).read().split("\n")
    namespace = next((i for i, l in enumerate(lines)
                      if l.startswith("namespace ")), None)
    if namespace is None:
        sys.exit("one_rank.py: no namespace line: not a baked .cu")
    keep = lines[:namespace + 1]
    function = re.compile(r"^MSCCLC_(DEVICE|KERNEL) void rank(\d+)(_tb\d+)?\(")
    i, found = namespace + 1, False
    while i < len(lines):
        m = function.match(lines[i])
        if m and m.group(2) == rank and lines[i - 1].startswith("template"):
            found = True
            keep.append(lines[i - 1])
            while lines[i] != "}":
                keep.append(lines[i])
                i += 1
            keep.append("}")
        i += 1
    if not found:
        sys.exit(f"one_rank.py: no rank {rank} in {src}")
    keep.append(f"template MSCCLC_KERNEL void rank{rank}<{DTYPES[dtype]}, "
                f"mscclc::rt::{packet}>(MSCCLC_GRID_CONST mscclc::rt::RankArgs, "
                "MSCCLC_GRID_CONST mscclc::rt::Launch);")
    keep.append("}")
    open(out, "w").write("\n".join(keep) + "\n")


if __name__ == "__main__":
    main()
