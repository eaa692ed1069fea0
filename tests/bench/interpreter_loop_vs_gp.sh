#!/usr/bin/env bash
# The interpreter's speed against PARI/GP's (issue 18, "Speed"): the same loop of 10^6 steps,
#   on2: s = 0; for i in 1..1000000 do s = s + i*i end      (nim arithmetic on naturals)
#   gp:  s = 0; for(i = 1, 10^6, s += i*i)                   (integer arithmetic)
# each run as a subprocess, best of RUNS wall-clock times, and the ratio on2 / gp. The goal is a
# ratio of at most 2. Then the cost of a user function's call beyond its body, goal at most 1 µs:
#   f(t) = t; s = 0; for i in 1..1000000 do s = f(i) end     less
#   s = 0; for i in 1..1000000 do s = i end                  per step.
# Not a test (it depends on the machine); gp comes from `./setup.sh --bench`.
# Usage: tests/bench/interpreter_loop_vs_gp.sh build/repl/on2 [RUNS]
set -u
on2=$1 runs=${2:-5}
if ! command -v gp >/dev/null; then
  echo "gp (PARI/GP) is not installed; ./setup.sh --bench installs it." >&2
  exit 77
fi
source "$(dirname "$0")/best_of.sh"  # best_of COMMAND…: seconds, the least of `runs` runs
on2_time=$(best_of "$on2" -e 's = 0; for i in 1..1000000 do s = s + i*i end; s')
gp_time=$(best_of sh -c 'echo "s = 0; for(i = 1, 10^6, s += i*i); s" | gp -q -f')
ratio=$(awk -v a="$on2_time" -v b="$gp_time" 'BEGIN { printf "%.2f", a / b }')
echo "on2 ${on2_time} s, gp ${gp_time} s (best of ${runs}): ratio on2/gp = ${ratio} (goal ≤ 2)"
plain_time=$(best_of "$on2" -e 's = 0; for i in 1..1000000 do s = i end; s')
call_time=$(best_of "$on2" -e 'f(t) = t; s = 0; for i in 1..1000000 do s = f(i) end; s')
# 10^6 calls: the difference in seconds is the cost of one call in microseconds.
per_call=$(awk -v a="$call_time" -v b="$plain_time" 'BEGIN { printf "%.3f", a - b }')
echo "on2 call loop ${call_time} s, plain loop ${plain_time} s (best of ${runs}): a call costs ${per_call} µs beyond its body (goal ≤ 1)"
