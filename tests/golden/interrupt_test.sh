#!/usr/bin/env bash
# SIGINT during long computations: on2 stops with exit code 3 and a message (the handler sets
# the context's cancellation token; every long loop polls it). One case per kind of work: a big
# power, the exhaustive check of the nimbers below 65536, roots in a large splitting field, the
# α_p computation and the loops of the language.
#
# No case depends on the machine's speed: the signal is sent once on2 has printed a marker that
# comes just before the long work (the result of a statement `1` in front of it, or the first α_p
# line), and the work is hours, or minutes, on any machine, so it cannot end before the signal.
# A SIGINT that lands before the long statement starts interrupts that statement (the token is
# not cleared when a statement starts). The bound on how long on2 may take to stop once
# signalled is generous (STOP_SECONDS): it catches a computation that ignores the token, not a
# slow machine.
set -u
program=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'kill -KILL $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
readonly MARKER_SECONDS=120 STOP_SECONDS=15
failures=0

# wait_for PID FILE PATTERN: until FILE has a line matching PATTERN (0), or PID ended (1), or
# MARKER_SECONDS passed (1).
wait_for() {
  local pid=$1 file=$2 pattern=$3 deadline=$((SECONDS + MARKER_SECONDS))
  while ((SECONDS < deadline)); do
    grep -q -- "$pattern" "$file" 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || { grep -q -- "$pattern" "$file" 2>/dev/null; return; }
    sleep 0.02
  done
  return 1
}

# interrupt NAME INPUT PATTERN [ARGS…]: start on2 on INPUT, send SIGINT once stdout has a line
# matching PATTERN, check how it ended.
interrupt() {
  local name=$1 input=$2 pattern=$3
  shift 3
  printf '%s\n' "$input" >"$work/in"
  : >"$work/out"
  (cd "$work" && exec "$program" "$@") <"$work/in" >"$work/out" 2>"$work/err" &
  local pid=$!
  if ! wait_for "$pid" "$work/out" "$pattern"; then
    echo "$name: FAILED: no '$pattern' on stdout within ${MARKER_SECONDS} s, or on2 ended first"
    echo "  stdout: $(head -c 160 "$work/out"); stderr: $(head -c 160 "$work/err")"
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    failures=$((failures + 1))
    return
  fi
  local start=$(date +%s%N)
  kill -INT "$pid"
  local waited=0
  while kill -0 "$pid" 2>/dev/null && ((waited < STOP_SECONDS * 50)); do
    sleep 0.02
    waited=$((waited + 1))
  done
  kill -KILL "$pid" 2>/dev/null
  wait "$pid"
  local code=$?
  local elapsed_ms=$((($(date +%s%N) - start) / 1000000))
  echo "$name: exit code $code ${elapsed_ms} ms after the signal; stderr: $(head -c 160 "$work/err")"
  if [[ $code != 3 ]] || ! grep -q "interrupted" "$work/err"; then
    echo "  FAILED: expected exit code 3 and an 'interrupted' message within ${STOP_SECONDS} s"
    failures=$((failures + 1))
  fi
}

# A 2^21-bit field element to a 10^6-bit power: about 10^6 squarings and products of 2^21-bit
# nimbers, hours of work.
interrupt "big power" $'b = [2^(2^20)] + 7\n1\npow(b, [10^300000])' '^1$'
# check(65536) a hundred times in a row (stops at the first error).
interrupt "check(65536)" "1$(printf '\ncheck(65536)%.0s' {1..100})" '^1$'
# Irreducible of degree 47: its roots need κ_47, in GF(2^237820) (the splitting field alone takes
# tens of seconds).
interrupt "roots in GF(2^237820)" $'1\nsolve(x^47 + x^5 + 1)' '^1$'
# Loops poll the token each iteration (docs/spec/language.md "Programs"): an empty endless loop,
# and a range loop of 10^30 steps.
interrupt "while true do end" $'1\nwhile true do end' '^1$'
interrupt "for over 1..10^30" $'1\nfor i in 1..[10^30] do s = i end' '^1$'
# ECM on the product of two 60-digit primes (from PARI/GP's nextprime): a 60-digit factor needs
# tens of thousands of curves with bounds far above on2's (at most B1 = 1.1·10^7), so years; the
# curve limit is raised so that only the signal stops it, and rho is skipped so that ECM runs.
interrupt "factorint by ECM" $':limit max_ecm_curves 100000000\n:limit max_factoring_steps 0\n1\nfactorint(379931917960766533284141113329329812676792516878401606090930751158012696707913342403828228542390473416099438511210983767)' '^1$'
# The whole table from scratch takes minutes; the signal follows the first prime's line.
interrupt "α_p computation" "" '^α_3 ' --compute-alpha 709 --recompute --table "$work/alpha.txt"
((failures == 0))
