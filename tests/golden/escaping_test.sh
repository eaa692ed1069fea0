#!/usr/bin/env bash
# Input bytes that would corrupt the output never reach it raw: a string literal must be valid,
# printable UTF-8 (a parse error at the offending byte otherwise), diagnostics show control
# characters and stray bytes escaped (\u001b, \xff), and --json output is valid UTF-8 JSON even
# for a file name that is not UTF-8. The JSON lines are compared exactly (their validity was
# checked with python3's json module) and, when python3 is present, parsed again.
set -u
program=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAILED: $1"; failures=$((failures + 1)); }
raw_controls() { LC_ALL=C grep -c $'[\x01-\x08\x0b-\x1f\x7f]' "$1"; }  # lines with one
valid_json_lines() {
  iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1 || return 1
  if command -v python3 >/dev/null; then
    python3 -c 'import json,sys; [json.loads(l) for l in sys.stdin]' <"$1" || return 1
  fi
}

# --json of a string with a byte that is not UTF-8, and of control characters.
printf '"\xff"\n"a\x1bb"\n"\xc2\x9b"\n\x07\n"ω\tok"\n' >"$work/bad.on2"
"$program" --json --keep-going <"$work/bad.on2" >"$work/out" 2>"$work/err"
code=$?
[[ $code == 2 ]] || fail "--json: exit code $code"
valid_json_lines "$work/out" || fail "--json output is not valid JSON: $(cat -v "$work/out")"
expected='{"error": "The string is not valid UTF-8 (byte 0xFF).", "kind": "parse", "hint": "Save the script as UTF-8.", "source": "<stdin>", "line": 1, "column": 2}
{"error": "A string cannot hold the control character U+001B.", "kind": "parse", "hint": null, "source": "<stdin>", "line": 2, "column": 3}
{"error": "A string cannot hold the control character U+009B.", "kind": "parse", "hint": null, "source": "<stdin>", "line": 3, "column": 2}
{"error": "Unknown character '"'"'\u0007'"'"'.", "kind": "parse", "hint": null, "source": "<stdin>", "line": 4, "column": 1}
{"type": "string", "ascii": "\"ω\tok\"", "unicode": "\"ω\tok\""}'
[[ $(cat "$work/out") == "$expected" ]] || fail "--json output: $(cat -v "$work/out")"

# The same as text: the diagnostics quote the lines with the bytes escaped.
"$program" --keep-going <"$work/bad.on2" >"$work/out" 2>"$work/err"
[[ $(raw_controls "$work/err") == 0 ]] || fail "raw control characters on stderr: $(cat -v "$work/err")"
LC_ALL=C grep -q $'[\x80-\xff]' <(LC_ALL=C grep -v 'ω' "$work/err") &&
  fail "bytes that are not UTF-8 on stderr: $(cat -v "$work/err")"
grep -qF '    "\xff"' "$work/err" || fail "the line with 0xFF is not quoted escaped"
grep -qF '    "a\u001bb"' "$work/err" || fail "the line with ESC is not quoted escaped"
grep -qF "<stdin>:4:1: error: Unknown character '\\u0007'." "$work/err" ||
  fail "the unknown character is not escaped"
[[ $(cat "$work/out") == $'"ω\tok"' ]] || fail "stdout: $(cat -v "$work/out")"

# A file name that is neither UTF-8 nor free of control characters, in --json.
name=$(printf 'x\xff\x1by.on2')
printf '1/0\n' >"$work/$name"
(cd "$work" && "$program" --json "$name") >"$work/out" 2>"$work/err"
valid_json_lines "$work/out" || fail "--json with a strange file name: $(cat -v "$work/out")"
[[ $(cat "$work/out") == '{"error": "Nim division by zero.", "kind": "math", "hint": "Every nimber except 0 has an inverse.", "source": "x\ufffd\u001by.on2", "line": 1, "column": 3}' ]] ||
  fail "--json with a strange file name: $(cat -v "$work/out")"
(cd "$work" && "$program" "$name") >"$work/out" 2>"$work/err"
[[ $(head -n 1 "$work/err") == 'x\xff\u001by.on2:1:3: error: Nim division by zero.' ]] ||
  fail "the file name is not escaped: $(cat -v "$work/err")"

((failures == 0)) && echo "escaping ok"
((failures == 0))
