#!/usr/bin/env bash
# Runs every example of a guide page: inside ``` blocks, a line "$ on2 ARGS" (shell quoting) is run and the
# lines after it (up to the next "$" line or the end of the block) must equal its stdout and
# stderr together.
set -u
program=$1 page=$2
failures=0 count=0
in_block=0 command="" expected=""
check() {
  [[ -z $command ]] && return
  count=$((count + 1))
  # The guide quotes arguments as a shell would ('…'); the guide is ours, so eval is safe.
  eval "arguments=($command)"
  actual=$("$program" "${arguments[@]}" 2>&1)
  if [[ $actual != "${expected%$'\n'}" ]]; then
    echo "on2 $command: expected"; printf '%s' "$expected"; echo "got"; echo "$actual"
    failures=$((failures + 1))
  fi
  command="" expected=""
}
while IFS= read -r line || [[ -n $line ]]; do
  if [[ $line == '```'* ]]; then
    check
    in_block=$((1 - in_block))
    continue
  fi
  ((in_block)) || continue
  if [[ $line == '$ on2 '* ]]; then
    check
    command=${line#'$ on2 '}
  else
    expected+="$line"$'\n'
  fi
done < "$page"
echo "$count examples, $failures failed"
((count > 0 && failures == 0))
