#!/usr/bin/env bash
# Counts the conformance results written by check.sh (ctest runs this after
# every conformance/NAME test).   summary.sh MANIFEST PLANS_DIR OUT_DIR
set -u
manifest=$1 plans=$2 outdir=$3
if [ ! -d "$plans" ]; then
  echo "SKIP: $plans not found: ../shared is absent, so conformance is not checked"
  exit 77
fi
total=0 json=0 bytes=0 missing=0
while IFS=$'\t' read -r name _; do
  [ "$name" = name ] && continue
  [ -z "$name" ] && continue
  total=$((total + 1))
  r=$(cat "$outdir/$name.result" 2>/dev/null || echo missing)
  case $r in
    bytes) json=$((json + 1)); bytes=$((bytes + 1)) ;;
    json) json=$((json + 1)) ;;
    missing) missing=$((missing + 1)) ;;
  esac
done < "$manifest"
echo "conformance: $json/$total reference plans reproduced (equal as JSON), $bytes/$total byte-for-byte"
[ $missing -gt 0 ] && echo "($missing not run in this ctest invocation)"
[ $((json + missing)) -eq $total ]
