#!/usr/bin/env bash
# Ctrl-C under --keep-going ends the statement it interrupts and no more (docs/limits.md): a
# script (streamed, so its results appear as they complete) prints 1, starts hours of work, is
# sent SIGINT once the 1 has appeared, reports the interruption on line 2, prints 2 and exits
# with 3. The signal waits for the marker, not for a time, so the test holds on any machine.
set -u
program=$1
work=$(mktemp -d)
pid=""
cleanup() {
  [[ -n $pid ]] && kill -KILL "$pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAILED: $1"; echo "stdout: $(head -c 300 "$work/out")"; echo "stderr: $(head -c 300 "$work/err")"; exit 1; }

# A 2^20-bit nimber to a 10^6-bit power: hours of work on any machine.
printf '1\npow([2^(2^20)] + 7, [10^300000])\n2\n' >"$work/script.on2"
: >"$work/out"
"$program" --keep-going "$work/script.on2" >"$work/out" 2>"$work/err" &
pid=$!
for ((i = 0; i < 600; ++i)); do  # up to 60 s for the first result
  [[ $(head -n 1 "$work/out") == 1 ]] && break
  kill -0 "$pid" 2>/dev/null || fail "on2 ended before the interrupt"
  sleep 0.1
done
[[ $(head -n 1 "$work/out") == 1 ]] || fail "no first result within 60 s"
kill -INT "$pid"
for ((i = 0; i < 300; ++i)); do  # up to 30 s to stop the work and run the last statement
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
kill -0 "$pid" 2>/dev/null && fail "on2 still runs 30 s after SIGINT"
wait "$pid"
code=$?
pid=""
[[ $code == 3 ]] || fail "exit code $code, expected 3"
[[ $(cat "$work/out") == $'1\n2' ]] || fail "stdout is not 1 and 2"
# The caret points at the subexpression that was running: any column of line 2.
grep -q "^$work/script.on2:2:[0-9]*: error: The computation was interrupted\.$" "$work/err" ||
  fail "no interruption reported on line 2"
(($(grep -c 'error:' "$work/err") == 1)) || fail "more than one error"
echo "keep-going interrupt ok"
