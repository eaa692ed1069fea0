#!/usr/bin/env bash
# The build step that deep-checks the embedded α_p table (cas/tools/check_embedded_alpha_table.cpp)
# passes on the committed table and fails the build on one that Lenstra's algorithm refuses or
# that is not the table the library embeds (issue 17).
set -u
checker=$1 program=$2 cache=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$1"; [[ $# -gt 1 ]] && cat "$2"; exit 1; }
"$checker" "$cache" >"$dir/out1" 2>&1 || fail "the committed table was refused" "$dir/out1"
# m_409 0 → 1: found by the excess test in GF(2^408), before the checksum is looked at.
sed 's/^409 204 3,17 0 /409 204 3,17 1 /' "$cache" >"$dir/m409.txt"
"$checker" "$dir/m409.txt" >"$dir/out2" 2>&1
[[ $? == 1 ]] && grep -q 'm409.txt:[0-9]*: \[κ_f(p) + 0\] is not a 409th power, so m_409 is 0, not 1' "$dir/out2" ||
  fail "m_409 = 1 passed the build's check" "$dir/out2"
# A sound table that is not the embedded one.
"$program" --compute-alpha 11 --table "$dir/small.txt" >/dev/null 2>&1 || fail "compute 11 failed"
"$checker" "$dir/small.txt" >"$dir/out3" 2>&1
[[ $? == 1 ]] && grep -q 'the table the library embeds is not the one in' "$dir/out3" ||
  fail "a table other than the embedded one passed" "$dir/out3"
"$checker" "$dir/missing.txt" >"$dir/out4" 2>&1
[[ $? == 1 ]] && grep -q 'cannot read' "$dir/out4" || fail "a missing file passed" "$dir/out4"
echo "embedded alpha table check ok"
