#!/usr/bin/env bash
# Runs one golden case against the on2 program and compares stdout, stderr and the exit code.
# A case file has the lines "args: WORDS…", "exit: N" and optionally "env: NAME=VALUE…", then
# sections "--- stdin",
# "--- stdout", "--- stderr" (each optional; a missing output section means empty output).
set -u
program=$1 case_file=$2
section="" args="" expected_exit=0 environment=""
stdin="" expected_out="" expected_err=""
while IFS= read -r line || [[ -n $line ]]; do
  case $line in
    "--- stdin") section=stdin; continue ;;
    "--- stdout") section=stdout; continue ;;
    "--- stderr") section=stderr; continue ;;
  esac
  case $section in
    "")
      case $line in
        args:*) args=${line#args:} ;;
        env:*) environment=${line#env: } ;;
        exit:*) expected_exit=${line#exit: } ;;
      esac ;;
    stdin) stdin+="$line"$'\n' ;;
    stdout) expected_out+="$line"$'\n' ;;
    stderr) expected_err+="$line"$'\n' ;;
  esac
done < "$case_file"
out_file=$(mktemp) err_file=$(mktemp)
trap 'rm -f "$out_file" "$err_file"' EXIT
# shellcheck disable=SC2086  # the arguments are words
# shellcheck disable=SC2086  # environment assignments are words too
printf '%s' "$stdin" | env $environment "$program" $args >"$out_file" 2>"$err_file"
actual_exit=$?
status=0
if [[ $actual_exit != "$expected_exit" ]]; then
  echo "exit code: expected $expected_exit, got $actual_exit"; status=1
fi
if ! diff -u <(printf '%s' "$expected_out") "$out_file"; then echo "stdout differs"; status=1; fi
if ! diff -u <(printf '%s' "$expected_err") "$err_file"; then echo "stderr differs"; status=1; fi
exit $status
