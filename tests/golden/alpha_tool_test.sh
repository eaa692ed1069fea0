#!/usr/bin/env bash
# The α_p tool: computes p ≤ 43 into a fresh file that agrees with the cache,
# resumes from a partial file, refuses a tampered or malformed table naming its line (exit code
# 4), and writes the table safely (issue 16): nothing planted in the directory is followed, only a
# regular file is replaced (CI runs as root: /dev/null must stay a device), write errors are
# reported, concurrent runs wait for each other, and no temporary file is ever left behind.
set -u
program=$1 cache=$2
dir=$(mktemp -d)
background=()
trap 'for pid in "${background[@]}"; do kill "$pid" 2>/dev/null; done; rm -rf "$dir"' EXIT
columns() { grep -v '^#' "$1" | awk '$1 <= 43 {print $1, $2, $3, $4, $5}'; }
fail() { echo "$1"; [[ $# -gt 1 ]] && cat "$2"; exit 1; }
# Only the tables and the outputs of this script may be in the directory: no temporary file.
no_leftovers() {
  local extra
  extra=$(ls -A "$dir" | grep -v -E '^(t|partial|bad|m409|qset|fifo|concurrent|full|small)\.txt$|^(out|err)[0-9a-z]*$|^target$')
  [[ -z $extra ]] || fail "left behind in the table's directory: $extra"
}
"$program" --compute-alpha 43 --table "$dir/t.txt" >"$dir/out" 2>&1 || fail "compute failed" "$dir/out"
diff <(columns "$dir/t.txt") <(columns "$cache") || fail "fresh table differs from the cache"
grep -q '^α_7 = \[ω + 1\]   (f = 3, Q = {3}, m = 1, GF(2^6), ' "$dir/out" || fail "no progress line"
[[ $(tail -1 "$dir/t.txt") =~ ^'# checksum fnv1a64 '[0-9a-f]{16}$ ]] || fail "no checksum line"
# Resume: a table of the primes up to 11, extended to 43.
"$program" --compute-alpha 11 --table "$dir/partial.txt" >/dev/null 2>&1 || fail "compute 11 failed"
"$program" --compute-alpha 43 --table "$dir/partial.txt" >"$dir/out2" 2>&1 || fail "resume failed" "$dir/out2"
grep -q 'read 4 entries' "$dir/out2" || fail "did not resume" "$dir/out2"
[[ $(grep -c '^α_' "$dir/out2") == 9 ]] || fail "resumed run recomputed kept primes" "$dir/out2"
diff <(columns "$dir/partial.txt") <(columns "$cache") || exit 1
no_leftovers

# A tampered table is refused before anything is computed, naming the file and the line.
sed 's/^7 3 3 1 /7 3 3 2 /' "$dir/t.txt" >"$dir/bad.txt"
"$program" --check-alpha --table "$dir/bad.txt" >"$dir/out3" 2>&1
[[ $? == 4 ]] && grep -q "bad.txt:7: .*so m_7 is 1, not 2" "$dir/out3" || fail "tampering not detected" "$dir/out3"
# The issue's example, m_409 0 → 1 in the cache: refused by the excess test in GF(2^408).
sed 's/^409 204 3,17 0 /409 204 3,17 1 /' "$cache" >"$dir/m409.txt"
"$program" --compute-alpha 409 --table "$dir/m409.txt" >"$dir/out4" 2>&1
[[ $? == 4 ]] && grep -q 'm409.txt:[0-9]*: \[κ_f(p) + 0\] is not a 409th power, so m_409 is 0, not 1' "$dir/out4" ||
  fail "m_409 = 1 accepted" "$dir/out4"
grep -q '^409 204 3,17 1 ' "$dir/m409.txt" || fail "a refused table was rewritten"
# A bad Q-set was "on2: error: stoull".
sed 's/^13 12 3,4 /13 12 3,x /' "$dir/t.txt" >"$dir/qset.txt"
"$program" --compute-alpha 43 --table "$dir/qset.txt" >"$dir/out5" 2>&1
[[ $? == 4 ]] && grep -q "qset.txt:9: the Q-set's element 'x' is not a natural number" "$dir/out5" ||
  fail "bad Q-set" "$dir/out5"
"$program" --compute-alpha 2 >/dev/null 2>&1
[[ $? == 4 ]] || fail "bad bound accepted"
"$program" --compute-alpha abc >/dev/null 2>&1
[[ $? == 4 ]] || fail "bad bound accepted"

# The old tool wrote PATH.tmp, following a symbolic link planted there: the temporary file now
# has a random name and O_EXCL, so the link's target stays as it was.
echo "keep me" >"$dir/target"
ln -s "$dir/target" "$dir/t.txt.tmp"
"$program" --compute-alpha 47 --table "$dir/t.txt" >"$dir/out6" 2>&1 || fail "compute with a planted link failed" "$dir/out6"
[[ $(cat "$dir/target") == "keep me" ]] || fail "the planted link's target was overwritten"
rm "$dir/t.txt.tmp"
# Only a regular file (or a new path) is replaced: not a symbolic link, a FIFO or a device.
ln -s "$dir/target" "$dir/link.txt"
"$program" --compute-alpha 43 --table "$dir/link.txt" >"$dir/out7" 2>&1
[[ $? == 4 && -L $dir/link.txt && $(cat "$dir/target") == "keep me" ]] &&
  grep -q "is a symbolic link" "$dir/out7" || fail "a symbolic link as the table was replaced" "$dir/out7"
rm "$dir/link.txt"
mkfifo "$dir/fifo.txt"
"$program" --compute-alpha 43 --table "$dir/fifo.txt" >"$dir/out8" 2>&1
[[ $? == 4 && -p $dir/fifo.txt ]] && grep -q "is a FIFO" "$dir/out8" || fail "a FIFO as the table was replaced" "$dir/out8"
"$program" --check-alpha --table "$dir/fifo.txt" >"$dir/out9" 2>&1
[[ $? == 4 ]] && grep -q "is a FIFO, not a regular file" "$dir/out9" || fail "a FIFO was read" "$dir/out9"
for device in /dev/null /dev/full; do
  "$program" --compute-alpha 43 --table "$device" >"$dir/outa" 2>&1
  [[ $? == 4 && -c $device ]] && grep -q "is a character device" "$dir/outa" ||
    fail "$device as the table was not refused, or is no longer a device" "$dir/outa"
done
no_leftovers

# Write failures: a write beyond the file size limit (ulimit -f, SIGXFSZ ignored, so write fails
# with EFBIG) and standard output on a full device give an error and exit code 4; the table
# keeps the last complete version and no temporary file stays.
(trap '' XFSZ; ulimit -f 1; exec "$program" --compute-alpha 200 --table "$dir/small.txt") >/dev/null 2>"$dir/errb"
[[ $? == 4 ]] && grep -q "Cannot write the α_p table to .*: File too large" "$dir/errb" ||
  fail "a failed write went unnoticed" "$dir/errb"
"$program" --check-alpha --table "$dir/small.txt" >/dev/null 2>&1 || fail "the last complete table was damaged"
"$program" --compute-alpha 43 --table "$dir/full.txt" >/dev/full 2>"$dir/errc"
[[ $? == 4 ]] && grep -q "cannot write the results to standard output" "$dir/errc" ||
  fail "output to /dev/full went unnoticed" "$dir/errc"
no_leftovers

# Concurrent runs on one table: both succeed, the table is complete.
rm -f "$dir/concurrent.txt"
"$program" --compute-alpha 200 --table "$dir/concurrent.txt" >/dev/null 2>"$dir/errd" &
first=$!
background+=($first)
"$program" --compute-alpha 200 --table "$dir/concurrent.txt" >/dev/null 2>"$dir/erre"
second=$?
wait $first
[[ $? == 0 && $second == 0 ]] || fail "concurrent runs failed: $(cat "$dir/errd" "$dir/erre")"
[[ $(grep -c '^[0-9]' "$dir/concurrent.txt") == 45 ]] || fail "the concurrent table is incomplete"
# A second run waits for the lock of a running one (marker: its first progress line), and Ctrl-C
# interrupts the first (exit code 3) without leaving a temporary file; the second then resumes
# from what the first finished, and nothing is lost.
rm -f "$dir/concurrent.txt"
"$program" --compute-alpha 709 --table "$dir/concurrent.txt" >"$dir/outf" 2>&1 &
long=$!
background+=($long)
for _ in $(seq 600); do grep -q '^α_' "$dir/outf" && break; sleep 0.1; done
grep -q '^α_' "$dir/outf" || fail "the long run did not start" "$dir/outf"
"$program" --compute-alpha 43 --table "$dir/concurrent.txt" >/dev/null 2>"$dir/errg" &
waiting=$!
background+=($waiting)
for _ in $(seq 600); do grep -q 'waiting for another run' "$dir/errg" && break; sleep 0.1; done
grep -q 'waiting for another run' "$dir/errg" || fail "the second run did not wait for the lock" "$dir/errg"
kill -INT $long
wait $long
[[ $? == 3 ]] || fail "the interrupted run's exit code" "$dir/outf"
wait $waiting || fail "the waiting run failed" "$dir/errg"
grep -q 'read [0-9]* entries' "$dir/errg" || fail "the waiting run did not read the first one's table" "$dir/errg"
kept=$(grep -c '^[0-9]' "$dir/concurrent.txt")
(( kept >= $(grep -c '^α_' "$dir/outf") && kept >= 13 )) || fail "the waiting run lost finished primes"
"$program" --compute-alpha 3 --table "$dir/concurrent.txt" >/dev/null 2>&1 || fail "the table after the interruption is damaged"
no_leftovers
echo "alpha tool ok"
