#!/usr/bin/env bash
# The interactive session in a real terminal (a pty from script(1)): prompts, a continuation
# line, Ctrl-C during a long computation returning to the prompt with the variables intact,
# Ctrl-C at a continuation prompt abandoning the statement being typed, a :command, tab
# completion, history recall (the up arrow) and the history file, and Ctrl-D.
#
# Each keystroke group is sent when the terminal shows what the previous one must produce (a new
# prompt, a result), so the test follows on2 at whatever speed the machine runs. The long
# computation is hours of work on any machine, so the Ctrl-C always finds it running.
set -u
program=$1
work=$(mktemp -d)
home=$work/home
mkdir "$home"
trap 'exec 3>&- ; kill -KILL $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
readonly WAIT_SECONDS=60
mkfifo "$work/keys"

# "exec": script(1) runs the command with $SHELL -c, and dash (/bin/sh, also the shell when SHELL
# is unset, as in CI) does not replace itself with the program: it would share on2's process
# group and die of the Ctrl-C, and script would report 130. SHELL is fixed so that every machine
# runs the same way.
HOME="$home" XDG_DATA_HOME="" SHELL=/bin/sh script -qec "exec $program" /dev/null \
  <"$work/keys" >"$work/out" 2>&1 &
session=$!
exec 3>"$work/keys"  # held open until the end: at EOF on its stdin script(1) would end the session

# the terminal's text without carriage returns, bells and cursor movements (the editor redraws a line
# it completes with them)
screen() { tr -d '\r\a' <"$work/out" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g'; }
fail() {
  echo "$1"
  screen | cut -c1-120
  exit 1
}
# until COUNT occurrences of the fixed string TEXT are on the screen
wait_for() {
  local text=$1 count=${2:-1} deadline=$((SECONDS + WAIT_SECONDS))
  while (($(screen | grep -oF -- "$text" | wc -l) < count)); do
    ((SECONDS < deadline)) || fail "timed out waiting for '$text' (×$count)"
    kill -0 "$session" 2>/dev/null || fail "the session ended while waiting for '$text'"
    sleep 0.02
  done
}
keys() { printf "$1" >&3; }

wait_for 'on2> ' 1
keys 'a = ω\n'; wait_for 'on2> ' 2
keys '(a +\n'; wait_for '...> ' 1
keys ' 1) * a\n'; wait_for 'on2> ' 3
keys 'b = [2^(2^20)] + 7\n'; wait_for 'on2> ' 4
keys 'pow(b, [10^300000])\n'; wait_for 'pow(b, [10^300000])' 1
# The line is on the screen once the editor has it; the editor hands it over and the evaluation
# starts at once (a fraction of a millisecond), and the power is hours of work.
sleep 0.5
keys '\003'; wait_for 'on2> ' 5   # Ctrl-C
keys 'a^3\n'; wait_for 'on2> ' 6
keys '(a +\n'; wait_for '...> ' 2
keys ' 1'; wait_for ' 1' 2
keys '\003'; wait_for 'on2> ' 7   # Ctrl-C at the "...>" prompt
keys 'a + 1\n'; wait_for 'on2> ' 8
keys ':help degree\n'; wait_for 'on2> ' 9
keys 'sq\t'; wait_for 'sqrt(' 1   # Tab completes sqrt and its (
keys '6)\n'; wait_for 'sqrt(6)' 1
keys '\033[A\n'                   # the up arrow recalls it
deadline=$((SECONDS + WAIT_SECONDS))
while (($(screen | grep -c '^4$') < 2)); do
  ((SECONDS < deadline)) || fail "tab completion or history recall failed (sqrt(6) = 4 twice)"
  sleep 0.02
done
keys '\004'                       # Ctrl-D ends the session
deadline=$((SECONDS + WAIT_SECONDS))
while kill -0 "$session" 2>/dev/null; do
  ((SECONDS < deadline)) || fail "Ctrl-D did not end the session"
  sleep 0.02
done
wait "$session"
code=$?
text=$(screen)
[[ $code == 0 ]] || fail "exit code $code"
grep -q '^on2 0\.' <<<"$text" || fail "no banner"
grep -q '^\.\.\.> ' <<<"$text" || fail "no continuation prompt"
grep -q '\[ω^2 + ω\]' <<<"$text" || fail "continuation line not evaluated"
grep -q 'error: The computation was interrupted\.' <<<"$text" || fail "Ctrl-C did not interrupt"
grep -q '^2$' <<<"$text" || fail "variables lost after Ctrl-C (a^3 should print 2)"
grep -q '^\[ω + 1\]$' <<<"$text" || fail "Ctrl-C at the prompt did not abandon the statement and go on"
grep -q 'degree(a)' <<<"$text" || fail ":help did not answer"
grep -q '^sqrt' "$home/.local/share/on2/history" || fail "no history file"
echo "terminal session ok"
