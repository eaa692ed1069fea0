#!/usr/bin/env bash
# The statement path (issue 19): a script of simple statements (`a * b`, line after line) runs
# through the parser's fast path and leaves its results in the output buffer, and must still
# behave as every other script does:
# - an error in line 999 999 is reported at its line and column, from a file and from stdin;
# - CRLF line ends, and the same script through a file, stdin and -e: the same output and the
#   same errors (with line:column), up to the source's name;
# - word statements mixed with others: the same results, %n and errors through all three;
# - a 20 000-digit literal on one line;
# - piped input is answered line by line (the output is flushed before on2 waits for input),
#   and a quick result shows before a statement that runs for ever starts.
# Nothing here depends on the machine's speed: the waits (MARKER_SECONDS) only bound how long a
# failure takes to report.
set -u
program=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'kill -KILL $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
readonly MARKER_SECONDS=60
failures=0
fail() { echo "FAILED: $1"; failures=$((failures + 1)); }

# 999 998 products, then an error in line 999 999 at column 7.
awk 'BEGIN { for (i = 0; i < 999998; ++i) print "2 * 3"; print "2 * 3)" }' >"$work/long.on2"
"$program" "$work/long.on2" >"$work/out" 2>"$work/err"
code=$?
[[ $code == 2 ]] || fail "line 999999, file: exit code $code"
[[ $(wc -l <"$work/out") == 999998 && $(sort -u "$work/out") == 1 ]] ||
  fail "line 999999, file: stdout is not 999998 lines '1'"
grep -q "^$work/long.on2:999999:6: error: Unbalanced ')'" "$work/err" ||
  fail "line 999999, file: $(head -c 300 "$work/err")"
"$program" <"$work/long.on2" >"$work/out" 2>"$work/err.stdin"
code=$?
[[ $code == 2 && $(wc -l <"$work/out") == 999998 ]] || fail "line 999999, stdin: exit code $code"
grep -q "^<stdin>:999999:6: error: Unbalanced ')'" "$work/err.stdin" ||
  fail "line 999999, stdin: $(head -c 300 "$work/err.stdin")"

# run_three_ways NAME LOCATION: runs $work/NAME.on2 with --keep-going as a file, as stdin and as
# -e; each must print $work/NAME.expected, exit with 1 and report the same errors, the file's
# first at LOCATION (line:column: message).
run_three_ways() {
  local name=$1 location=$2 code_file code_stdin code_expr how
  "$program" --keep-going "$work/$name.on2" >"$work/out.file" 2>"$work/err.file"
  code_file=$?
  "$program" --keep-going <"$work/$name.on2" >"$work/out.stdin" 2>"$work/err.stdin"
  code_stdin=$?
  "$program" --keep-going -e "$(cat "$work/$name.on2")" >"$work/out.expr" 2>"$work/err.expr"
  code_expr=$?
  for how in file stdin expr; do
    cmp -s "$work/out.$how" "$work/$name.expected" || fail "$name, $how: stdout $(head -c 100 "$work/out.$how")"
  done
  [[ $code_file == 1 && $code_stdin == 1 && $code_expr == 1 ]] ||
    fail "$name: exit codes $code_file $code_stdin $code_expr, expected 1"
  grep -q "^$work/$name.on2:$location" "$work/err.file" || fail "$name: $(head -c 300 "$work/err.file")"
  sed "s|^$work/$name.on2:|SOURCE:|" "$work/err.file" >"$work/err.file.named"
  sed "s|^<stdin>:|SOURCE:|" "$work/err.stdin" >"$work/err.stdin.named"
  sed "s|^<expr>:|SOURCE:|" "$work/err.expr" >"$work/err.expr.named"
  cmp -s "$work/err.file.named" "$work/err.stdin.named" || fail "$name: the errors of file and stdin differ"
  cmp -s "$work/err.file.named" "$work/err.expr.named" || fail "$name: the errors of file and -e differ"
}

# CRLF, and the three ways in.
printf '2 * 3\r\n7 + 1\r\n  12 ^ 2 ;\r\n5 / 0\r\n' >"$work/crlf.on2"
printf '1\n6\n' >"$work/crlf.expected"
run_three_ways crlf "4:5: error: Nim division by zero"
if grep -q $'\r' "$work/err.file"; then fail "CRLF: the quoted line keeps its \\r"; fi

# Word statements (run on machine words, in place in the reader's buffer) mixed with statements
# that are not: the same results, result numbers and errors through a file, stdin and -e.
printf '3 * 5\n%%1 + 1\nx = 6 * 6;\nx\n18446744073709551616 * 1\n2 ^ 3\n4 * 4;\n%%\n9 / 0\n255 - 255\n%%3\n' \
  >"$work/mixed.on2"
printf '15\n14\n5\n18446744073709551616\n1\n6\n0\n5\n' >"$work/mixed.expected"
run_three_ways mixed "9:5: error: Nim division by zero"

# A 20 000-digit literal times 1 is itself.
digits=$(head -c 20000 /dev/zero | tr '\0' '7')
printf '%s * 1\n' "$digits" >"$work/digits.on2"
[[ $("$program" "$work/digits.on2") == "$digits" ]] || fail "20000 digits: a different product"

# Piped input: the answer to a line comes before the next line is sent.
mkfifo "$work/questions"
"$program" <"$work/questions" >"$work/answers" 2>"$work/err" &
pid=$!
exec 3>"$work/questions"
printf '2 * 3\n' >&3
deadline=$((SECONDS + MARKER_SECONDS))
while ((SECONDS < deadline)) && [[ $(head -n 1 "$work/answers") != 1 ]]; do sleep 0.02; done
[[ $(head -n 1 "$work/answers") == 1 ]] || fail "pipe: no answer to the first line while on2 waits"
exec 3>&-
wait "$pid"

# A quick result before a loop that never ends: from a file, stdin, -e pieces and one -e text.
printf '2 * 3\nwhile true do end\n' >"$work/loop.on2"
shows_first() {  # NAME STDIN ARGS…
  local name=$1 input=$2
  shift 2
  : >"$work/out"  # emptied before on2 starts: the wait must not read an earlier case's output
  "$program" "$@" <"$input" >"$work/out" 2>"$work/err" &
  local pid=$! deadline=$((SECONDS + MARKER_SECONDS))
  while ((SECONDS < deadline)) && [[ $(head -n 1 "$work/out") != 1 ]]; do sleep 0.02; done
  [[ $(head -n 1 "$work/out") == 1 ]] || fail "$name: the result before the loop did not show"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
}
shows_first "loop, file" /dev/null "$work/loop.on2"
shows_first "loop, stdin" "$work/loop.on2"
shows_first "loop, -e pieces" /dev/null -e '2 * 3' -e 'while true do end'
shows_first "loop, one -e" /dev/null -e $'2 * 3\nwhile true do end'

((failures == 0)) && echo "statement path ok"
((failures == 0))
