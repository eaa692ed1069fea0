#!/usr/bin/env bash
# The statement path against a C program (issue 19): Library Checker's nim_product_64 as a
# script of N lines `a * b` (64-bit decimal numbers, seeded), run as `on2 FILE` and as
# `on2 < FILE`, against the competitive programmer's C program (baselines/nim_product_64.c)
# reading the same file. Every output is compared byte for byte with the C program's. Printed:
# the best of RUNS CPU times (user + sys; the machine is shared, so wall times, printed too, are
# noisy), the ratio on2/C (goal ≤ 3), and the cost per statement beyond its arithmetic:
# (on2's time − on2's time for an empty script − N cas::nim_mul64 calls) / N (goal ≤ 0.5 µs).
# Not a test (it depends on the machine).
# Usage: tests/bench/statement_path_vs_c.sh BUILD_DIR [RUNS] [N]
#        (cmake --build BUILD_DIR --target on2 nim_product_64 nim_mul64_loop first)
set -u
build=$1 runs=${2:-5} count=${3:-1000000}
on2=$build/repl/on2 baseline=$build/tests/bench/nim_product_64 loop=$build/tests/bench/nim_mul64_loop
for program in "$on2" "$baseline" "$loop"; do
  [[ -x $program ]] || { echo "missing $program: build the targets on2 nim_product_64 nim_mul64_loop" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$baseline" --generate "$count" 19 > "$work/products.on2"
: > "$work/empty.on2"

source "$(dirname "$0")/least_cpu.sh"

least_cpu c /dev/null true  # warm the page cache with nothing
least_cpu c "$work/products.on2" "$baseline"
c_cpu=$cpu c_wall=$wall
least_cpu file /dev/null "$on2" "$work/products.on2"
file_cpu=$cpu file_wall=$wall
least_cpu stdin "$work/products.on2" "$on2"
stdin_cpu=$cpu
least_cpu empty /dev/null "$on2" "$work/empty.on2"
empty_cpu=$cpu
for name in file stdin; do
  cmp -s "$work/c.out" "$work/$name.out" ||
    { echo "on2 ($name) and the C program print different products" >&2; exit 1; }
done
read -r mul_cpu pairs _ < <("$loop" < "$work/products.on2")
[[ $pairs == "$count" ]] || { echo "nim_mul64_loop read $pairs pairs, not $count" >&2; exit 1; }

awk -v n="$count" -v runs="$runs" -v c="$c_cpu" -v cw="$c_wall" -v f="$file_cpu" -v fw="$file_wall" \
    -v s="$stdin_cpu" -v e="$empty_cpu" -v m="$mul_cpu" 'BEGIN {
  printf "%d products, best of %d, CPU seconds (wall): C %.2f (%.2f), on2 FILE %.2f (%.2f), on2 < FILE %.2f, empty script %.2f, %d nim_mul64 %.3f\n", n, runs, c, cw, f, fw, s, e, n, m
  printf "outputs byte-identical; ratio on2/C = %.2f (goal ≤ 3), on2 < FILE / C = %.2f\n", f / c, s / c
  printf "per statement beyond its arithmetic = %.2f µs (goal ≤ 0.5)\n", (f - e - m) / n * 1e6
}'
