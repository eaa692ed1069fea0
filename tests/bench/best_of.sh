# Sourced by the shell benchmarks: best_of_ns COMMAND… prints the least wall-clock time of `runs`
# runs of COMMAND (its output discarded), in nanoseconds; best_of prints it in seconds (%.4f).
# A failing run stops the benchmark. The caller sets `runs`.
best_of_ns() {
  local best="" start end t
  for ((k = 0; k < runs; ++k)); do
    start=$(date +%s%N)
    "$@" >/dev/null || { echo "failed: $*" >&2; exit 1; }
    end=$(date +%s%N)
    t=$((end - start))
    if [[ -z $best || $t -lt $best ]]; then best=$t; fi
  done
  echo "$best"
}
best_of() {
  local ns
  ns=$(best_of_ns "$@") || exit 1
  awk -v ns="$ns" 'BEGIN { printf "%.4f", ns / 1e9 }'
}
