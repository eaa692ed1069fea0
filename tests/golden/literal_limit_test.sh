#!/usr/bin/env bash
# A literal above 10^6 digits is refused with a parse error (exit code 2), not read.
set -u
program=$1
digits=$(head -c 1000001 /dev/zero | tr '\0' '1')
output=$(printf '%s * 1\n' "$digits" | "$program" 2>&1)
code=$?
expected="<stdin>:1:1: error: The number has 1000001 digits; the limit is 1000000 digits."
[[ $code == 2 && ${output%%$'\n'*} == "$expected" ]] || { echo "got exit $code: ${output:0:200}"; exit 1; }
# One digit fewer is accepted (…111 ⊕ 1 = …110).
output=$(printf '%s + 1\n' "${digits:1}" | "$program" | tail -c 3)
[[ $output == "10" ]] || { echo "the largest literal was not accepted: $output"; exit 1; }
