#!/usr/bin/env bash
# Issue 19's roots goal ("all roots of a random degree-64 polynomial over GF(2^16) under 1 s")
# factor degree by factor degree: for each d = 1 … 64, f = h·l with h a random monic irreducible
# polynomial of degree d over GF(2^16) and l a product of 64 − d random linear factors, and the
# user CPU time of `on2 FILE` for `length(roots(f))` (a fresh process each). The roots of h lie in
# GF(2^(16·d)), whose tower field is what costs. A random f of degree 64 has on average about 1/d
# irreducible factors of degree d (d > 32), so the last line sums 1/d over the degrees above one
# second: about the share of random polynomials that miss the goal. Not a test: it depends on
# the machine. Usage: tests/bench/roots_by_factor_degree.sh build/repl/on2 [TIMEOUT_SECONDS] [SEED]
set -u
on2=$1 timeout_s=${2:-30} seed=${3:-7}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/on2-roots-sweep.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cat >"$scratch/generate.on2" <<SCRIPT
def rpoly(n); f = x^n; for i in 0..[n-1] do f = f + random_element(32768)*x^i end; return f; end
def irr(n); h = rpoly(n); while not irreducible(h) do h = rpoly(n) end; return h; end
def lin(n); f = 1; for i in 1..n do f = f*(x + random_element(32768)) end; return f; end
seed($seed);
for d in 1..64 do print(irr(d) * lin([64 - d])) end
SCRIPT
"$on2" "$scratch/generate.on2" | tail -n 64 >"$scratch/polynomials" || exit 1
echo "d  user_s  max_rss_kb"
d=0 slow=""
while read -r f; do
  d=$((d + 1))
  echo "length(roots($f))" >"$scratch/roots.on2"
  line=$({ /usr/bin/time -f "%U %M" timeout "$timeout_s" "$on2" "$scratch/roots.on2" >/dev/null 2>"$scratch/err"; } 2>&1 | tail -n 1)
  status=$(grep -c "exited with non-zero status 124" "$scratch/err" || true)
  read -r user rss <<<"$(tail -n 1 "$scratch/err")"
  [[ $status != 0 ]] && user=">$timeout_s"
  printf "%-2d %-7s %s\n" "$d" "$user" "$rss"
  awk -v u="$user" 'BEGIN { exit !(u ~ />/ || u + 0 >= 1) }' && slow+=" $d"
done <"$scratch/polynomials"
awk -v slow="$slow" 'BEGIN { n = split(slow, ds, " "); share = 0;
  for (i = 1; i <= n; ++i) share += 1 / ds[i];
  printf "degrees at or above 1 s:%s; share of random polynomials ≈ Σ 1/d = %.3f\n", slow, share }'
