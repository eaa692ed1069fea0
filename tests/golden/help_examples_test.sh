#!/usr/bin/env bash
# Every example in `on2 --help` ("(on2 ARGS  →  RESULT)") is run and must print RESULT.
set -u
program=$1
count=0 failures=0
while IFS= read -r example; do
  args=${example%%  →  *} expected=${example#*  →  }
  count=$((count + 1))
  # shellcheck disable=SC2086  # the arguments are words
  actual=$("$program" $args 2>&1)
  if [[ $actual != "$expected" ]]; then
    echo "on2 $args: expected '$expected', got '$actual'"; failures=$((failures + 1))
  fi
done < <("$program" --help | sed -n 's/.*(on2 \(.*\))$/\1/p')
echo "$count examples, $failures failed"
((count > 0 && failures == 0))
