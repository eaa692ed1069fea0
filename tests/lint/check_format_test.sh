#!/usr/bin/env bash
# tools/check_format.sh on a small repository: it passes a file formatted as .clang-format says
# and fails, naming it, on one that is not, so the format check can neither pass nor refuse
# everything. Usage: check_format_test.sh CHECKER CLANG_FORMAT_FILE
set -euo pipefail
checker=$1 style=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
git init -q .
cp "$style" .clang-format
mkdir -p cas/src
printf 'int twice(int x) {\n  return 2 * x;\n}\n' > cas/src/formatted.cpp
git add -A
"$checker" "$work" > out.txt 2>&1 || { echo "a formatted tree was refused:"; cat out.txt; exit 1; }
printf 'int  thrice( int x ){return 3*x;}\n' > cas/src/unformatted.cpp
git add -A
if "$checker" "$work" > out.txt 2>&1; then
  echo "an unformatted file passed:"; cat out.txt; exit 1
fi
grep -q 'cas/src/unformatted.cpp' out.txt || { echo "the unformatted file is not named:"; cat out.txt; exit 1; }
if grep -q 'cas/src/formatted.cpp' out.txt; then echo "the formatted file is named:"; cat out.txt; exit 1; fi
echo "check_format passes the formatted file and names the unformatted one"
