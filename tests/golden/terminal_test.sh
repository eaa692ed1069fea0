#!/usr/bin/env bash
# The interactive session in a real terminal (a pty from script(1)): prompts, a continuation
# line, Ctrl-C during a long computation returning to the prompt with the variables intact,
# Ctrl-C at a continuation prompt abandoning the statement being typed, a :command, tab
# completion, history recall (the up arrow) and the history file, and Ctrl-D.
set -u
program=$1
out=$(mktemp)
home=$(mktemp -d)
trap 'rm -rf "$out" "$home"' EXIT
{
  printf 'a = ω\n'; sleep 0.3
  printf '(a +\n 1) * a\n'; sleep 0.3
  printf 'b = [2^(2^16)] + 7\n'; sleep 0.3
  printf 'pow(b, [10^5000])\n'; sleep 1.5   # seconds of work
  printf '\003'; sleep 0.7                 # Ctrl-C
  printf 'a^3\n'; sleep 0.3
  printf '(a +\n 1'; sleep 0.3; printf '\003'; sleep 0.5   # Ctrl-C at the "...>" prompt
  printf 'a + 1\n'; sleep 0.3
  printf ':help degree\n'; sleep 0.3
  printf 'sq\t'; sleep 0.3; printf '(6)\n'; sleep 0.3   # Tab completes sqrt
  printf '\033[A\n'; sleep 0.3                          # the up arrow recalls it
  printf '\004'                                         # Ctrl-D ends the session
  sleep 2   # keep script's stdin open until on2 has exited: at EOF on its stdin script(1)
            # writes its own end-of-file to the terminal, racing with the session's end
} | HOME="$home" XDG_DATA_HOME="" SHELL=/bin/sh timeout 60 script -qec "exec $program" /dev/null \
    >"$out" 2>&1
# "exec": script(1) runs the command with $SHELL -c, and dash (/bin/sh, also the shell when SHELL
# is unset, as in CI) does not replace itself with the program: it would share on2's process
# group and die of the Ctrl-C, and script would report 130. SHELL is fixed so that every machine
# runs the same way.
code=$?
text=$(tr -d '\r' <"$out")
fail() { echo "$1"; echo "$text" | cut -c1-120; exit 1; }
[[ $code == 0 ]] || fail "exit code $code"
grep -q '^on2 0\.' <<<"$text" || fail "no banner"
grep -q '^\.\.\.> ' <<<"$text" || fail "no continuation prompt"
grep -q '\[ω^2 + ω\]' <<<"$text" || fail "continuation line not evaluated"
grep -q 'error: The computation was interrupted\.' <<<"$text" || fail "Ctrl-C did not interrupt"
grep -q '^2$' <<<"$text" || fail "variables lost after Ctrl-C (a^3 should print 2)"
grep -q '^\[ω + 1\]$' <<<"$text" || fail "Ctrl-C at the prompt did not abandon the statement and go on"
grep -q 'degree(a)' <<<"$text" || fail ":help did not answer"
[[ $(grep -c '^4$' <<<"$text") == 2 ]] || fail "tab completion or history recall failed (sqrt(6) = 4 twice)"
grep -q '^sqrt' "$home/.local/share/on2/history" || fail "no history file"
echo "terminal session ok"
