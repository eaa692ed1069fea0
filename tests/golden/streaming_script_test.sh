#!/usr/bin/env bash
# Scripts of any length run statement by statement (docs/limits.md "input length"): a 5 MB
# script of 125 000 products (generated here) runs from a file, -f, :load and standard input,
# printing one line per product; a 3 MB line is refused with one short error, and with
# --keep-going the next line still runs.
set -u
program=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAILED: $1"; failures=$((failures + 1)); }

# 125 000 lines "a * b" with operands below 2^64 (an LCG, so the script is the same on every machine).
awk 'BEGIN { x = 12345; for (i = 0; i < 125000; ++i) {
  x = (x * 1103515245 + 12345) % 2147483648; a = x; x = (x * 1103515245 + 12345) % 2147483648;
  printf "%d%09d * %d%09d\n", a, x, x, a } }' >"$work/products.on2"
size=$(wc -c <"$work/products.on2")
((size > 5000000)) || fail "the generated script has only $size bytes"
first=$(head -n 1 "$work/products.on2")
expected_first=$("$program" -e "$first")
expected_last=$("$program" -e "$(tail -n 1 "$work/products.on2")")

check_products() {  # NAME EXIT OUTPUT-FILE
  local lines
  lines=$(wc -l <"$3")
  [[ $2 == 0 ]] || fail "$1: exit code $2"
  [[ $lines == 125000 ]] || fail "$1: $lines output lines, expected 125000"
  [[ $(head -n 1 "$3") == "$expected_first" && $(tail -n 1 "$3") == "$expected_last" ]] ||
    fail "$1: the first or last product differs"
}
"$program" "$work/products.on2" >"$work/out" 2>"$work/err"
check_products "on2 FILE" $? "$work/out"
"$program" -f "$work/products.on2" >"$work/out" 2>"$work/err"
check_products "on2 -f FILE" $? "$work/out"
"$program" <"$work/products.on2" >"$work/out" 2>"$work/err"
check_products "on2 <FILE" $? "$work/out"
printf ':load %s\n' "$work/products.on2" | "$program" >"$work/out" 2>"$work/err"
check_products ":load FILE" $? "$work/out"
[[ ! -s $work/err ]] || fail "stderr not empty: $(head -c 300 "$work/err")"

# A 3 MB line without a newline before the next statement.
{ head -c 3000000 /dev/zero | tr '\0' '1'; printf '\n2 * 2\n'; } >"$work/long.on2"
for keep_going in "" --keep-going; do
  for how in file stdin; do
    if [[ $how == file ]]; then
      "$program" $keep_going "$work/long.on2" >"$work/out" 2>"$work/err"
    else
      "$program" $keep_going <"$work/long.on2" >"$work/out" 2>"$work/err"
    fi
    code=$?
    name="long line, $how ${keep_going:-stopping}"
    [[ $code == 2 ]] || fail "$name: exit code $code"
    (($(wc -c <"$work/err") < 2000)) || fail "$name: $(wc -c <"$work/err") bytes of errors"
    grep -q ':1:1: error: The line is longer than 1048576 bytes' "$work/err" ||
      fail "$name: no error: $(head -c 300 "$work/err")"
    [[ $(tail -c 1 "$work/err") == "" && $(tail -n 1 "$work/err") == hint:* ]] ||
      fail "$name: the error does not end with its hint and a newline"
    expected=""
    [[ -n $keep_going ]] && expected=3
    [[ $(cat "$work/out") == "$expected" ]] || fail "$name: stdout '$(head -c 100 "$work/out")'"
  done
done
((failures == 0)) && echo "streaming scripts ok"
((failures == 0))
