#!/usr/bin/env bash
# SIGINT during long computations: on2 stops within two seconds with exit code 3 and a message
# (the handler sets the context's cancellation token; every long loop polls it). One case per
# kind of work: a big power, the exhaustive check of the nimbers below 65536, roots in a large
# splitting field, and the α_p computation.
set -u
program=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
exponent=$(head -c 8192 /dev/zero | tr '\0' '7')  # a 2^16-bit exponent is about 20 s of work
base=$(head -c 16384 /dev/zero | tr '\0' 'f')       # a 2^16-bit nimber
failures=0

# interrupt NAME STDIN [ARGS…]: start on2, send SIGINT after a second, check how it ended.
interrupt() {
  local name=$1 input=$2
  shift 2
  printf '%s\n' "$input" | (cd "$work" && exec "$program" "$@") 2>"$work/err" >/dev/null &
  local pid=$!
  sleep 1
  local start
  start=$(date +%s%N)
  kill -INT "$pid"
  wait "$pid"
  local code=$?
  local elapsed_ms=$((($(date +%s%N) - start) / 1000000))
  echo "$name: exit code $code after ${elapsed_ms} ms; stderr: $(head -c 160 "$work/err")"
  if [[ $code != 3 ]] || ! grep -q "interrupted" "$work/err" || ((elapsed_ms >= 2000)); then
    echo "  FAILED: expected exit code 3, an 'interrupted' message, and under 2000 ms"
    failures=$((failures + 1))
  fi
}

interrupt "big power" "pow(0x$base, $exponent)"
interrupt "check(65536)" "check(65536)"
# Irreducible of degree 47: its roots need κ_47, in GF(2^237820) (the splitting field alone takes
# over 20 s; x^29 + x^2 + 1 in GF(2^2436) became too quick to interrupt reliably).
interrupt "roots in GF(2^237820)" "solve(x^47 + x^5 + 1)"
interrupt "α_p computation" "" --compute-alpha 400 --recompute --table "$work/alpha.txt"
((failures == 0))
