#!/usr/bin/env bash
# The α_p tool: computes p ≤ 43 into a fresh file that agrees with the cache (ignoring seconds),
# resumes from a partial file, and --check-alpha detects a tampered entry.
set -u
program=$1 cache=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
columns() { grep -v '^#' "$1" | awk '$1 <= 43 {print $1, $2, $3, $4, $5}'; }
"$program" --compute-alpha 43 --table "$dir/t.txt" >"$dir/out" 2>&1 || { cat "$dir/out"; exit 1; }
diff <(columns "$dir/t.txt") <(columns "$cache") || { echo "fresh table differs from the cache"; exit 1; }
grep -q '^α_7 = \[ω + 1\]   (f = 3, Q = {3}, m = 1, GF(2^6), ' "$dir/out" || { echo "no progress line"; exit 1; }
# Resume: keep the first five primes, compute the rest.
head -8 "$dir/t.txt" >"$dir/partial.txt"
"$program" --compute-alpha 43 --table "$dir/partial.txt" >"$dir/out2" 2>&1 || exit 1
grep -q 'read 5 entries' "$dir/out2" || { echo "did not resume"; cat "$dir/out2"; exit 1; }
[[ $(grep -c '^α_' "$dir/out2") == 8 ]] || { echo "resumed run recomputed kept primes"; exit 1; }
diff <(columns "$dir/partial.txt") <(columns "$cache") || exit 1
# A tampered excess is found.
sed 's/^7 3 3 1 /7 3 3 2 /' "$dir/t.txt" >"$dir/bad.txt"
"$program" --check-alpha --table "$dir/bad.txt" >"$dir/out3" 2>&1
[[ $? == 1 ]] && grep -q 'p = 7: DIFFERS' "$dir/out3" || { echo "tampering not detected"; exit 1; }
"$program" --compute-alpha 2 >/dev/null 2>&1
[[ $? == 4 ]] || { echo "bad bound accepted"; exit 1; }
"$program" --compute-alpha abc >/dev/null 2>&1
[[ $? == 4 ]] || { echo "bad bound accepted"; exit 1; }
echo "alpha tool ok"
