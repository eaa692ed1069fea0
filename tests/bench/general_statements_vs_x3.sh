#!/usr/bin/env bash
# The statement path for statements beyond `a * b` (issue 19): scripts of N lines each of
# `a * b + c`, `x = a * b`, `a * b ^ 2` and `a * y + 1` (y a variable), built from the seeded
# 64-bit pairs of statement_path_vs_c.sh, run as `on2 FILE`, against the same script with a
# comment after every statement, which the fast paths leave to the X3 grammar, the syntax tree
# and the evaluator (the path every such statement took before). Both outputs must be
# byte-identical. Printed per form: the best of RUNS CPU times (user + sys; the machine is shared),
# the ratio X3 path / fast path, and the cost per statement beyond its arithmetic:
# (on2's time − its time for an empty script − K·N cas::nim_mul64 calls, timed by
# nim_mul64_loop) / N, K the form's products (`b ^ 2` is two) (goal ≤ 0.5 µs).
# Not a test (it depends on the machine).
# Usage: tests/bench/general_statements_vs_x3.sh BUILD_DIR [RUNS] [N]
#        (cmake --build BUILD_DIR --target on2 nim_product_64 nim_mul64_loop first)
set -u
build=$1 runs=${2:-5} count=${3:-1000000}
on2=$build/repl/on2 generator=$build/tests/bench/nim_product_64 loop=$build/tests/bench/nim_mul64_loop
for program in "$on2" "$generator" "$loop"; do
  [[ -x $program ]] || { echo "missing $program: build the targets on2 nim_product_64 nim_mul64_loop" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$generator" --generate "$count" 19 > "$work/pairs"  # lines `a * b`
: > "$work/empty.on2"
read -r mul_cpu pairs _ < <("$loop" < "$work/pairs")
[[ $pairs == "$count" ]] || { echo "nim_mul64_loop read $pairs pairs, not $count" >&2; exit 1; }

source "$(dirname "$0")/least_cpu.sh"

least_cpu empty /dev/null "$on2" "$work/empty.on2"
empty_cpu=$cpu
printf '%d lines a script, best of %d CPU seconds, empty script %.2f, %d nim_mul64 %.3f\n' \
  "$count" "$runs" "$empty_cpu" "$count" "$mul_cpu"

# form NAME PRODUCTS AWK_PROGRAM: the script (from the lines `$1 * $3`, each line a statement) and the
# same with a comment after each statement; prints both times, the ratio and the cost.
form() {
  local name=$1 products=$2 program=$3
  awk "$program" "$work/pairs" > "$work/fast.on2"
  sed 's/$/ # via X3/' "$work/fast.on2" > "$work/x3.on2"
  least_cpu fast /dev/null "$on2" "$work/fast.on2"
  local fast=$cpu
  least_cpu x3 /dev/null "$on2" "$work/x3.on2"
  local x3=$cpu
  cmp -s "$work/fast.out" "$work/x3.out" || { echo "$name: the two paths print different results" >&2; exit 1; }
  awk -v name="$name" -v n="$count" -v f="$fast" -v x="$x3" -v e="$empty_cpu" -v m="$mul_cpu" -v k="$products" 'BEGIN {
    printf "%-12s fast %.2f s, X3 path %.2f s, ratio %.1f, outputs byte-identical, per statement beyond its arithmetic %.2f µs (X3 path %.2f µs; goal ≤ 0.5)\n", name, f, x, x / f, (f - e - k * m) / n * 1e6, (x - e - k * m) / n * 1e6
  }'
}
form 'a * b + c' 1 'NR == 1 { c = 7 } { print $1 " * " $3 " + " c; c = $1 }'
form 'x = a * b' 1 'NR == 1 { print "x = 0" } { print "x = " $1 " * " $3 } END { print "x" }'
form 'a * b ^ 2' 3 '{ print $1 " * " $3 " ^ 2" }'
form 'a * y + 1' 1 'NR == 1 { print "y = 12345678901234567" } { print $1 " * y + 1" }'
