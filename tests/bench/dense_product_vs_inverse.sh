#!/usr/bin/env bash
# Issue 19, "One arithmetic path": a dense transfinite product typed by the user costs at most 3×
# the inverse in the same field. Through the program itself: for each field, a script makes a
# dense y = inv(g + ω + 1) and u = y + 1 and then runs REPS times one of
#   z = y * y      z = y * u      z = inv(y)
# (and nothing, for the cost of making y, which is subtracted). Each is a subprocess `on2 -e`,
# best of RUNS wall-clock times; the ratios product / inverse are printed (goal ≤ 3).
# Fields: g = [ω^(ω^14)] = κ_53, GF(2^8268), and g = [ω^(ω^17)] = κ_67, GF(2^44220).
# Not a test (it depends on the machine). Usage:
#   tests/bench/dense_product_vs_inverse.sh build/repl/on2 [RUNS] [REPS]
set -u
on2=$1 runs=${2:-3} reps=${3:-20}
source "$(dirname "$0")/best_of.sh"
# on2_best SCRIPT: the least wall-clock time of `runs` runs of `on2 -e SCRIPT`, in nanoseconds.
on2_best() { best_of_ns "$on2" -e "$1"; }
for generator in '[ω^(ω^14)]' '[ω^(ω^17)]'; do
  setup="y = inv($generator + ω + 1); u = y + 1"
  field=$("$on2" -e "field($generator)" | sed 's/,.*//; s/"//g')
  base=$(on2_best "$setup")
  square=$(on2_best "$setup; for k in 1..$reps do z = y * y end")
  product=$(on2_best "$setup; for k in 1..$reps do z = y * u end")
  inverse=$(on2_best "$setup; for k in 1..$reps do z = inv(y) end")
  awk -v f="$field" -v b="$base" -v s="$square" -v p="$product" -v i="$inverse" -v n="$reps" '
    function ms(t) { return (t - b) / n / 1e6 }
    BEGIN {
      printf "%s: y*y %.2f ms, y*u %.2f ms, inv(y) %.2f ms (per operation, best of runs)\n",
             f, ms(s), ms(p), ms(i)
      printf "ratio %s y*y/inv(y) = %.2f, y*u/inv(y) = %.2f (goal <= 3)\n",
             f, ms(s) / ms(i), ms(p) / ms(i)
    }'
done
