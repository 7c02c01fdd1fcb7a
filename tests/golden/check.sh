#!/usr/bin/env bash
# Compiles a sample and compares it byte for byte with its blessed plan
# (tests/golden/NAME.json) and chunk IR (NAME.ir), both written by
# scripts/bless-golden after review.
#   check.sh MSCCLC PLAN_COMPARE SAMPLE.cpp GOLDEN.json
set -u
mscclc=$1 compare=$2 sample=$3 golden=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$mscclc" "$sample" -o "$tmp/plan.json" || { echo "FAIL: compile error"; exit 1; }
if [ ! -f "$golden" ]; then
  echo "FAIL: no golden plan $golden; review the output and run scripts/bless-golden"
  exit 1
fi
if ! cmp -s "$tmp/plan.json" "$golden"; then
  echo "FAIL: plan differs from $golden:"
  "$compare" "$tmp/plan.json" "$golden"
  diff <(head -c 200000 "$golden") <(head -c 200000 "$tmp/plan.json") | head -40
  exit 1
fi
ir="${golden%.json}.ir"
"$mscclc" "$sample" --emit-ir -o "$tmp/plan.ir" || { echo "FAIL: --emit-ir failed"; exit 1; }
if [ ! -f "$ir" ] || ! cmp -s "$tmp/plan.ir" "$ir"; then
  echo "FAIL: chunk IR differs from $ir:"
  diff "$ir" "$tmp/plan.ir" | head -40
  exit 1
fi
echo "PASS: plan and IR identical to $golden and $ir"
