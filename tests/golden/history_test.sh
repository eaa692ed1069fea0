#!/usr/bin/env bash
# The interactive history is saved as each line is entered, so that a session killed by SIGTERM
# (or SIGHUP, when its terminal closes) keeps it; the file keeps the latest 1000 entries. Runs
# on2 in a real terminal (script(1)), waits for a result, then kills it.
set -u
program=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
home="$work/home"
session=""
cleanup() {
  exec 3>&- 2>/dev/null
  [[ -n $session ]] && kill -KILL "$session" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAILED: $1"; tr -d '\r' <"$work/out" | cut -c1-120 | tail -5; exit 1; }

for signal in TERM HUP; do
  mkdir -p "$home/.local/share/on2"
  history="$home/.local/share/on2/history"
  # A history of 1500 entries from earlier sessions, in libedit's format.
  { echo _HiStOrY_V2_; seq 1 1500 | sed 's/^/earlier/'; } >"$history"
  rm -f "$work/in" "$work/pid"
  mkfifo "$work/in"
  : >"$work/out"
  # "exec" twice: the shell that script(1) starts becomes sh, which notes its pid and becomes on2.
  HOME="$home" XDG_DATA_HOME="" SHELL=/bin/sh \
    script -qec "exec sh -c 'echo \$\$ >\"$work/pid\"; exec \"$program\"'" /dev/null \
    <"$work/in" >"$work/out" 2>&1 &
  session=$!
  exec 3>"$work/in"
  printf '12345 + 0\n' >&3
  for ((i = 0; i < 600; ++i)); do  # up to 60 s for the result
    tr -d '\r' <"$work/out" | grep -q '^12345$' && break
    sleep 0.1
  done
  tr -d '\r' <"$work/out" | grep -q '^12345$' || fail "$signal: no result within 60 s"
  kill "-$signal" "$(cat "$work/pid")"
  for ((i = 0; i < 300; ++i)); do
    kill -0 "$session" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$session" 2>/dev/null && fail "$signal: the session still runs"
  wait "$session"
  session=""
  exec 3>&-
  [[ $(tail -n 1 "$history") == "12345\\040+\\0400" || $(tail -n 1 "$history") == "12345 + 0" ]] ||
    fail "$signal: the history does not end with the entered line: $(tail -n 2 "$history")"
  entries=$(($(wc -l <"$history") - 1))
  ((entries <= 1000)) || fail "$signal: the history holds $entries entries"
  grep -q '^earlier1500$' "$history" || fail "$signal: the earlier history was lost"
  rm -rf "$home"
done
echo "history ok"
