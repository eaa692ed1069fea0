#!/usr/bin/env bash
# Long runs of `on2 --compute-alpha` (issue 21): a prime's excess test writes checkpoints
# (--checkpoint-seconds 0: after every step); interrupted by SIGINT right after one, the run ends
# with exit code 3 and keeps it; the next run resumes from it after that step and gives the same
# entry as the table the library embeds; a damaged checkpoint is ignored with a message; and a
# prime whose memory estimate is above --max-memory is refused with the estimate.
set -u
program=$1 cache=$2
dir=$(mktemp -d)
pid=""
trap '[[ -n $pid ]] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
fail() { echo "$1"; [[ $# -gt 1 ]] && cat "$2"; exit 1; }
line_of() { grep "^$1 " "$2"; }
"$program" --compute-alpha 281 --table "$dir/t.txt" >/dev/null 2>&1 || fail "compute 281 failed"
cp "$dir/t.txt" "$dir/t281.txt"
# p = 283: GF(2^237820), 98 steps (the power (2^94 − 1)/283 has 86 bits, E/f = 2530 has 12).
"$program" --compute-alpha 283 --checkpoint-seconds 0 --table "$dir/t.txt" >"$dir/out" 2>"$dir/err" &
pid=$!
for _ in $(seq 600); do
  grep -q 'checkpoint after step' "$dir/err" && break
  sleep 0.05
done
kill -INT "$pid"
wait "$pid"
code=$? pid=""
[[ $code == 3 ]] || fail "the interrupted run ended with $code, not 3" "$dir/err"
[[ -s $dir/t.txt.checkpoint ]] || fail "no checkpoint was kept" "$dir/err"
grep -q 'the last checkpoint of a long one); run the same command to resume' "$dir/err" ||
  fail "no resume hint" "$dir/err"
line_of 283 "$dir/t.txt" && fail "283 was written although interrupted"
step=$(head -c 200 "$dir/t.txt.checkpoint" | head -1 | awk '{print $7}')
cp "$dir/t.txt.checkpoint" "$dir/saved.checkpoint"
"$program" --compute-alpha 283 --table "$dir/t.txt" >"$dir/out2" 2>"$dir/err2" || fail "resume failed" "$dir/err2"
grep -q "resuming the test of m = 1 after step $step of 98 from" "$dir/err2" ||
  fail "did not resume after step $step" "$dir/err2"
[[ $(line_of 283 "$dir/t.txt") == $(line_of 283 "$cache") ]] || fail "the resumed entry differs" "$dir/out2"
[[ -e $dir/t.txt.checkpoint ]] && fail "the checkpoint was left behind"
# A damaged checkpoint (one word changed, so its checksum fails) is not used.
cp "$dir/t281.txt" "$dir/t.txt"
cp "$dir/saved.checkpoint" "$dir/t.txt.checkpoint"
printf 'X' | dd of="$dir/t.txt.checkpoint" bs=1 seek=300 conv=notrunc 2>/dev/null
"$program" --compute-alpha 283 --table "$dir/t.txt" >"$dir/out3" 2>"$dir/err3" || fail "run with a damaged checkpoint failed" "$dir/err3"
grep -q 't.txt.checkpoint is damaged; it is not used' "$dir/err3" || fail "damage not reported" "$dir/err3"
[[ $(line_of 283 "$dir/t.txt") == $(line_of 283 "$cache") ]] || fail "the entry differs" "$dir/out3"
# Memory: GF(2^237820) needs about 2 MiB by the estimate, above --max-memory 100000 bytes.
cp "$dir/t281.txt" "$dir/t.txt"
"$program" --compute-alpha 283 --max-memory 100000 --table "$dir/t.txt" >"$dir/out4" 2>"$dir/err4"
[[ $? == 3 ]] || fail "a prime beyond --max-memory was not refused with exit code 3" "$dir/err4"
grep -q '^on2: error: α_283 needs about [0-9]* MiB (an estimate), above the 1 MiB of --max-memory' "$dir/err4" ||
  fail "no memory estimate in the refusal" "$dir/err4"
line_of 283 "$dir/t.txt" && fail "283 was written although refused"
exit 0
