#!/usr/bin/env bash
# SIGINT during a long computation: on2 stops within two seconds with exit code 3 and a message
# (the handler sets the context's cancellation token; the power loop polls it).
set -u
program=$1
exponent=$(head -c 8192 /dev/zero | tr '\0' '7')  # a 2^16-bit exponent is about 20 s of work
base=$(head -c 16384 /dev/zero | tr '\0' 'f')       # a 2^16-bit nimber
err_file=$(mktemp)
trap 'rm -f "$err_file"' EXIT
printf 'pow(0x%s, %s)\n' "$base" "$exponent" | "$program" 2>"$err_file" &
pid=$!
sleep 1
start=$(date +%s%N)
kill -INT "$pid"
wait "$pid"
code=$?
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "exit code $code after ${elapsed_ms} ms; stderr: $(head -c 200 "$err_file")"
[[ $code == 3 ]] || { echo "expected exit code 3"; exit 1; }
grep -q "error: The computation was interrupted." "$err_file" || { echo "missing message"; exit 1; }
(( elapsed_ms < 2000 )) || { echo "took too long to stop"; exit 1; }
