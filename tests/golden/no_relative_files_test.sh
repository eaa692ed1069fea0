#!/usr/bin/env bash
# The on2 program reads and writes only the files the user names (issue 17), so an installed on2
# runs the same from any directory: from an empty one, `--check-alpha` checks the table embedded
# in the library (it used to read cas/data/alpha_table.txt of the current directory), and
# `--compute-alpha P` without --table refuses to guess a file; nothing appears in the directory.
# The check recomputes the whole table (minutes on any machine), so it is interrupted once its
# first line is out: the test waits for output, never for time. Usage: no_relative_files_test.sh ON2
set -u
program=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
empty=$work/empty
mkdir "$empty"
checker=""
trap '[[ -n $checker ]] && kill -KILL "$checker" 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "$1"; [[ $# -gt 1 ]] && cat "$2"; exit 1; }

(cd "$empty" && exec "$program" --check-alpha) >"$work/out" 2>"$work/err" &
checker=$!
for _ in $(seq 1200); do
  grep -q '^p = 3: agrees' "$work/out" && break
  kill -0 "$checker" 2>/dev/null || break
  sleep 0.1
done
grep -q '^p = 3: agrees' "$work/out" || fail "--check-alpha did not check the embedded table" "$work/err"
kill -INT "$checker"
wait "$checker"
code=$?
checker=""
[[ $code == 3 ]] || fail "--check-alpha ended with exit code $code after SIGINT" "$work/err"

(cd "$empty" && exec "$program" --compute-alpha 43) >"$work/out2" 2>&1
[[ $? == 4 ]] && grep -q '^on2: error: name the table file to write: on2 --compute-alpha 43 --table FILE' "$work/out2" ||
  fail "--compute-alpha without --table did not ask for the file" "$work/out2"
[[ -z $(ls -A "$empty") ]] || fail "files appeared in the current directory: $(ls -A "$empty")"
echo "no relative files ok"
