#!/usr/bin/env bash
# print( ) output appears when print runs, not when its statement ends (docs/spec/language.md
# "Output"): a loop prints a marker and then runs forever, and the marker must reach stdout (a
# file, so block-buffered) while the loop still runs. Nothing here depends on the machine's speed:
# the loop never ends, so without the flush the marker never comes, and the wait for it
# (MARKER_SECONDS) only bounds how long a failure takes to report. One case per way in: -e, a
# script file, piped standard input, and --json.
set -u
program=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'kill -KILL $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
readonly MARKER_SECONDS=60
readonly loop='for i in 1..2 do print("first", i + 2); while true do end end'
printf '%s\n' "$loop" >"$work/loop.on2"
failures=0

# shows NAME EXPECTED STDIN ARGS…: start on2, wait until stdout's first line is EXPECTED, kill it.
shows() {
  local name=$1 expected=$2 input=$3
  shift 3
  : >"$work/out"
  "$program" "$@" <"$input" >"$work/out" 2>"$work/err" &
  local pid=$! deadline=$((SECONDS + MARKER_SECONDS)) line=""
  while ((SECONDS < deadline)); do
    line=$(head -n 1 "$work/out")
    [[ -n $line ]] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.02
  done
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "$name: FAILED: on2 ended, but the loop never does; stderr: $(head -c 200 "$work/err")"
    failures=$((failures + 1))
  elif [[ $line != "$expected" ]]; then
    echo "$name: FAILED: stdout's first line is '$line', expected '$expected' while the loop runs"
    failures=$((failures + 1))
  else
    echo "$name: ok"
  fi
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
}

shows "-e" "first 3" /dev/null -e "$loop"
shows "script file" "first 3" /dev/null "$work/loop.on2"
shows "standard input" "first 3" "$work/loop.on2"
shows "--json" '{"print": "first 3"}' /dev/null --json -e "$loop"
exit $((failures > 0))
