# Sourced by the statement benchmarks: least_cpu NAME STDIN COMMAND… runs COMMAND `runs` times
# with STDIN as its input and its output in $work/NAME.out, and sets cpu and wall to the least CPU
# time (user + sys: the machine is shared) and the least wall time, in seconds. A failing run stops
# the benchmark. The caller sets `runs` and `work`.
least_cpu() {
  local name=$1 input=$2
  shift 2
  cpu="" wall=""
  for ((k = 0; k < runs; ++k)); do
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" < "$input" > "$work/$name.out" ||
      { echo "failed: $*" >&2; exit 1; }
    read -r w u s < "$work/time"
    cpu=$(awk -v u="$u" -v s="$s" -v best="$cpu" 'BEGIN { t = u + s; if (best != "" && best < t) t = best; printf "%.2f", t }')
    wall=$(awk -v t="$w" -v best="$wall" 'BEGIN { if (best != "" && best < t) t = best; printf "%.2f", t }')
  done
}
