#!/usr/bin/env bash
# The first call of a process (issue 20's goal: primitive(a) and order(a) under 10 ms): each
# statement run as `on2 -e STATEMENT`, a fresh process that builds its tower field, the Cunningham
# table's index and the kernel tables itself, minus the same for `on2 -e '1'` (start-up and
# exit). Best of RUNS, both wall-clock (real) and CPU time (perf's task-clock, or bash's
# `times`). Not a test: it depends on the machine, whose real time is the CPU time only when it
# is idle.
# Usage: tests/bench/field_staples_first_call.sh build/repl/on2 [RUNS]
set -u
on2=$1 runs=${2:-10}
# cpu_and_real STATEMENT: "real_us cpu_us" of one run. CPU from `perf stat` (task-clock, exact)
# when perf is installed, else from bash's `times` (the kernel's accounting, in clock ticks).
cpu_and_real() {
  local start end out
  if command -v perf >/dev/null; then
    start=$(date +%s%N)
    out=$(perf stat -x, -e task-clock "$on2" -e "$1" 2>&1 >/dev/null) || return 1
    end=$(date +%s%N)
    awk -F, -v real=$(( (end - start) / 1000 )) '/task-clock/ { printf "%d %d\n", real, $1 * 1000 }' <<<"$out"
    return
  fi
  { bash -c 'start=$(date +%s%N); "$@" >/dev/null || exit 1; end=$(date +%s%N);
             echo $(( (end - start) / 1000 )); times' _ "$on2" -e "$1"; } | awk '
    NR == 1 { real = $1 }
    NR == 3 { split($1, u, /[ms]/); split($2, s, /[ms]/);
              printf "%d %d\n", real, (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1e6 }'
}
# best_of STATEMENT: "real_us cpu_us", the least of `runs` runs each.
best_of() {
  local best_real="" best_cpu="" pair real cpu
  for ((k = 0; k < runs; ++k)); do
    pair=$(cpu_and_real "$1")
    [[ -n $pair ]] || { echo "failed: on2 -e '$1'" >&2; exit 1; }
    real=${pair% *} cpu=${pair#* }
    if [[ -z $best_real || $real -lt $best_real ]]; then best_real=$real; fi
    if [[ -z $best_cpu || $cpu -lt $best_cpu ]]; then best_cpu=$cpu; fi
  done
  echo "$best_real $best_cpu"
}
read -r base_real base_cpu <<<"$(best_of '1')"
echo "on2 -e '1': real $(awk -v t="$base_real" 'BEGIN { printf "%.2f", t / 1000 }') ms, CPU $(awk -v t="$base_cpu" 'BEGIN { printf "%.2f", t / 1000 }') ms (best of $runs)"
for statement in 'order([ω^(ω^2+ω+3)·12])' 'primitive([ω^(ω^2+ω+3)·12])' \
                 'order([ω^(ω^3+ω+1)·4])' 'primitive([ω^(ω^3+ω+1)·4])' \
                 'order([2^1023 + 12345])' 'primitive([2^1023])'; do
  read -r real cpu <<<"$(best_of "$statement")"
  awk -v s="$statement" -v r="$real" -v c="$cpu" -v br="$base_real" -v bc="$base_cpu" \
    'BEGIN { printf "first call %-32s real %6.2f ms, CPU %6.2f ms (whole process minus on2 -e 1)\n", s, (r - br) / 1000, (c - bc) / 1000 }'
done
