#!/usr/bin/env python3
"""Keeps one rank's kernel of a baked .cu, for a quick device compile.

A plan of many ranks bakes into one kernel per rank, and nvcc compiles all
of them for every element type and packet format (minutes for a 16-rank
plan). This writes a .cu with only rank R's thread-block functions and
kernel, instantiated for one element type and packet format, so that
`nvcc -Xptxas -v` reports that kernel alone in seconds. It relies on the
layout --emit-cuda writes: `rank<R>_tb<B>` functions, then one
`rank<R>` kernel per rank, each preceded by its template line, whose
switch has a `case B:` line, the call and `return;` per thread block.
With --blocks, only those thread blocks stay (in the kernel's switch and
as functions): which of a rank's thread blocks make it spill.

  one_rank.py IN.cu OUT.cu RANK DTYPE PACKET [--blocks B,...]
                                               (e.g. 14 f16 LL16 --blocks 0,3)
"""
import re
import sys

DTYPES = {"f32": "float", "f16": "::mscclc::rt::f16", "bf16": "::mscclc::rt::bf16",
          "i32": "int32_t", "u32": "uint32_t", "u8": "uint8_t"}


def main():
    args = sys.argv[1:]
    blocks = None
    if len(args) == 7 and args[5] == "--blocks" and \
            re.fullmatch(r"\d+(,\d+)*", args[6]):
        blocks = set(args[6].split(","))
        args = args[:5]
    if len(args) != 5 or args[3] not in DTYPES or \
            args[4] not in ("LL16", "LL8"):
        sys.exit(__doc__)
    src, out, rank, dtype, packet = args
    lines = open(src).read().split("\n")
    namespace = next((i for i, l in enumerate(lines)
                      if l.startswith("namespace ")), None)
    if namespace is None:
        sys.exit("one_rank.py: no namespace line: not a baked .cu")
    keep = lines[:namespace + 1]
    function = re.compile(
        r"^MSCCLC_(DEVICE|KERNEL) void rank(\d+)(_tb(\d+))?\(")
    case = re.compile(r"^  case (\d+):$")
    i, found, kept_blocks = namespace + 1, False, set()
    while i < len(lines):
        m = function.match(lines[i])
        if m and m.group(2) == rank and lines[i - 1].startswith("template") \
                and (blocks is None or m.group(4) is None or
                     m.group(4) in blocks):
            found = True
            if m.group(4) is not None:
                kept_blocks.add(m.group(4))
            keep.append(lines[i - 1])
            while lines[i] != "}":
                c = case.match(lines[i])
                if c and blocks is not None and c.group(1) not in blocks:
                    i += 3  # the case line, its call and its return
                    continue
                keep.append(lines[i])
                i += 1
            keep.append("}")
        i += 1
    if not found:
        sys.exit(f"one_rank.py: no rank {rank} in {src}")
    if blocks is not None and kept_blocks != blocks:
        sys.exit(f"one_rank.py: rank {rank} has no thread block "
                 f"{','.join(sorted(blocks - kept_blocks, key=int))}")
    keep.append(f"template MSCCLC_KERNEL void rank{rank}<{DTYPES[dtype]}, "
                f"::mscclc::rt::{packet}>(MSCCLC_GRID_CONST ::mscclc::rt::RankArgs, "
                "MSCCLC_GRID_CONST ::mscclc::rt::Launch);")
    keep.append("}")
    open(out, "w").write("\n".join(keep) + "\n")


if __name__ == "__main__":
    main()
