#!/usr/bin/env bash
# Issue 19, "one dense-polynomial core": the user's path to it. For each coefficient field and
# degree n, a script makes random f and h of degree n and p and q of degree n/2 (seed(1),
# random_element per coefficient; the products stay within max_polynomial_degree = 4096), then
# runs one of
#   z = p * q      z = rem(f, q)      z = gcd(f, h)
# REPS times in a loop (the old program once in the ω field, where it takes seconds), and nothing, for
# the cost of making f, g and h, which is subtracted. Each is a subprocess `on2 -e`, best of RUNS
# wall-clock times, printed in milliseconds per operation. Given a second
# program (the build before the change), prints both and the ratio old/new.
# Fields: GF(2^16) (random_element(65535)), GF(2^64) (random_element(2^63)) and GF(2^48) in the
# tower of ω (random_element(ω) + random_element(65535), coefficients involving [ω]).
# Not a test (it depends on the machine). Usage:
#   tests/bench/polynomial_core_user_path.sh NEW_ON2 [OLD_ON2] [RUNS] [DEGREES] [REPS]
set -u
new=$1 old=${2:-} runs=${3:-3} degrees=${4:-"1000 4000"} reps=${5:-10}
source "$(dirname "$0")/best_of.sh"
declare -A fields=(
  ["GF(2^16)"]="random_element(65535)"
  ["GF(2^64)"]="random_element(2^63)"
  ["omega+GF(2^16)"]="random_element(ω) + random_element(65535)"
)
# time_ms ON2 SETUP STATEMENT R: milliseconds of STATEMENT after SETUP (R times), the setup
# subtracted.
time_ms() {
  local base t
  base=$(best_of_ns "$1" -e "$2")
  t=$(best_of_ns "$1" -e "$2; for r in 1..$4 do $3 end")
  awk -v b="$base" -v t="$t" -v r="$4" 'BEGIN { printf "%.2f", (t - b) / r / 1e6 }'
}
for field in "GF(2^16)" "GF(2^64)" "omega+GF(2^16)"; do
  c=${fields[$field]}
  r_old=$reps
  [[ $field == omega* ]] && r_old=1
  for n in $degrees; do
    setup="seed(1); f = 0; h = 0; p = 0; q = 0; for k in 0..$n do f = f + ($c)*x^k; h = h + ($c)*x^k end; for k in 0..$((n / 2)) do p = p + ($c)*x^k; q = q + ($c)*x^k end"
    for op in "z = p * q" "z = rem(f, q)" "z = gcd(f, h)"; do
      t_new=$(time_ms "$new" "$setup" "$op" "$reps")
      if [[ -n $old ]]; then
        t_old=$(time_ms "$old" "$setup" "$op" "$r_old")
        awk -v f="$field" -v n="$n" -v op="$op" -v a="$t_old" -v b="$t_new" 'BEGIN {
          printf "%-16s n=%-5s %-14s old %9.2f ms  new %8.2f ms  old/new %6.1f\n", f, n, op, a, b,
                 (b > 0 ? a / b : 0) }'
      else
        printf "%-16s n=%-5s %-14s %8.2f ms\n" "$field" "$n" "$op" "$t_new"
      fi
    done
  done
done
