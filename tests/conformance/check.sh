#!/usr/bin/env bash
# Compiles one conformance port with the reference arguments and compares
# the plan with ../shared/conformance/plans/NAME.json.
#   check.sh MSCCLC PLAN_COMPARE CONFORMANCE_DIR PLANS_DIR NAME SOURCE ALGO "PARAMS" [OUT_DIR]
set -u
mscclc=$1 compare=$2 confdir=$3 plans=$4 name=$5 src=$6 algo=$7 params=${8:-}
outdir=${9:-$(mktemp -d)}
ref="$plans/$name.json"
if [ ! -f "$ref" ]; then
  echo "SKIP: $ref not found: ../shared is absent, so conformance is not checked"
  exit 77
fi
mkdir -p "$outdir"
out="$outdir/$name.json"
rm -f "$out" "$outdir/$name.result"
args=()
for p in $params; do
  case $p in
    -*) args+=("$p") ;; # a compiler flag, e.g. --allow-limit-violations
    *) args+=(-P "$p") ;;
  esac
done
if [[ "$name" == defaults.* ]]; then
  # The default plans are produced together by `mscclc install-defaults`
  # (which numbers barriers across them like the reference installer).
  inst="$outdir/install-$name"
  rm -rf "$inst"
  echo "rerun: mscclc install-defaults --dir DIR   (then DIR/${name#defaults.}.json)"
  if ! "$mscclc" install-defaults --dir "$inst"; then
    echo "FAIL: install-defaults failed"
    echo "fail" > "$outdir/$name.result"
    exit 1
  fi
  cp "$inst/${name#defaults.}.json" "$out"
  rm -rf "$inst"
else
  echo "rerun: mscclc tests/conformance/$src --algo $algo ${args[*]} -o $name.json"
  if ! "$mscclc" "$confdir/$src" --algo "$algo" "${args[@]}" -o "$out"; then
    echo "FAIL: compile error"
    echo "fail" > "$outdir/$name.result"
    exit 1
  fi
fi
result=$("$compare" "$out" "$ref")
rc=$?
echo "$result"
if [ $rc -ne 0 ]; then
  echo "fail" > "$outdir/$name.result"
  exit 1
fi
case "$result" in
  *"byte-identical: yes"*) echo "bytes" > "$outdir/$name.result" ;;
  *) echo "json" > "$outdir/$name.result" ;;
esac
