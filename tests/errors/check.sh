#!/usr/bin/env bash
# One user mistake, two checks:
#  1. `mscclc --verify` accepts the file's expected-error/-note comments;
#  2. a normal compile exits 1, prints a located error and writes no file.
# JSON plans (for the plan reader) carry the expected message substring in
# NAME.json.expected instead.
#   check.sh MSCCLC FILE
set -u
mscclc=$1 file=$2
tmp=$(mktemp -d)
out="$tmp/out.json"
trap 'rm -rf "$tmp"' EXIT
if [[ "$file" == *.json ]]; then
  expected=$(cat "$file.expected")
  "$mscclc" "$file" -o "$out" 2> "$tmp/err"
  rc=$?
  cat "$tmp/err"
  [ $rc -eq 1 ] || { echo "FAIL: exit status $rc, expected 1"; exit 1; }
  [ ! -e "$out" ] || { echo "FAIL: an output file was written"; exit 1; }
  grep -qF -- "$expected" "$tmp/err" || { echo "FAIL: message lacks '$expected'"; exit 1; }
  echo "PASS"
  exit 0
fi
args=()
first=$(head -n 1 "$file")
if [[ "$first" == "// ARGS:"* ]]; then
  read -r -a args <<< "${first#// ARGS:}"
fi
if ! "$mscclc" --verify "${args[@]}" "$file"; then
  echo "FAIL: -verify did not accept the expectations"
  exit 1
fi
"$mscclc" "${args[@]}" "$file" -o "$out" 2> "$tmp/err"
rc=$?
cat "$tmp/err"
[ $rc -eq 1 ] || { echo "FAIL: exit status $rc, expected 1"; exit 1; }
[ ! -e "$out" ] || { echo "FAIL: an output file was written"; exit 1; }
grep -qE ':[0-9]+:[0-9]+: error: ' "$tmp/err" || { echo "FAIL: no file:line:col error"; exit 1; }
echo "PASS"
