#!/usr/bin/env bash
# Polynomials over GF(2) as users meet them (issues 19 and 20), on2 against PARI/GP as whole
# processes: each command run as a subprocess, best of RUNS wall-clock times, and the ratio
# on2 / gp (goals: irreducibility within 3×, powmod within 2×). Start-up is included on both
# sides. Not a test (it depends on the machine); gp comes from `./setup.sh --bench`.
# B5 (tests/bench/b5_factoring_bench.cpp) times the same computations inside each program.
# Usage: tests/bench/gf2_polynomials_vs_gp.sh build/repl/on2 [RUNS]
set -u
on2=$1 runs=${2:-5}
if ! command -v gp >/dev/null; then
  echo "gp (PARI/GP) is not installed; ./setup.sh --bench installs it." >&2
  exit 77
fi
source "$(dirname "$0")/best_of.sh"  # best_of COMMAND…: seconds, the least of `runs` runs
# compare LABEL ON2_EXPRESSION GP_EXPRESSION (f is the polynomial in both)
compare() {
  local on2_time gp_time ratio
  on2_time=$(best_of "$on2" -e "$2")
  gp_time=$(best_of sh -c "echo '$3' | gp -q -f")
  ratio=$(awk -v a="$on2_time" -v b="$gp_time" 'BEGIN { printf "%.2f", a / b }')
  echo "$1: on2 ${on2_time} s, gp ${gp_time} s (best of ${runs}): ratio on2/gp = ${ratio}"
}
compare "irreducible(x^4093 + x^12 + 1)" 'irreducible(x^4093 + x^12 + 1)' \
  'polisirreducible(Mod(1, 2) * (x^4093 + x^12 + 1))'
compare "irreducible(x^2281 + x^715 + 1)" 'irreducible(x^2281 + x^715 + 1)' \
  'polisirreducible(Mod(1, 2) * (x^2281 + x^715 + 1))'
compare "powmod(x, 2^100, x^127 + x + 1)" 'powmod(x, 2^100, x^127 + x + 1)' \
  'Mod(Mod(1, 2) * x, Mod(1, 2) * (x^127 + x + 1))^(2^100)'
compare "powmod(x, 2^100, x^4093 + x^12 + 1)" 'powmod(x, 2^100, x^4093 + x^12 + 1)' \
  'Mod(Mod(1, 2) * x, Mod(1, 2) * (x^4093 + x^12 + 1))^(2^100)'
compare "factor(x^4093 + x^12 + 1)" 'factor(x^4093 + x^12 + 1)' \
  'factor(Mod(1, 2) * (x^4093 + x^12 + 1))'
