#!/usr/bin/env bash
# docs/on2.1, the man page on2(1), describes every option that `on2 --help` lists (in its OPTIONS
# section, as roff writes them: \-\-json) and the ?NAME help it mentions, and groff renders it
# without a warning when groff is installed. Usage: man_page_test.sh ON2 MAN_PAGE
set -u
program=$1 page=$2
options=$("$program" --help | grep -o -E '(^|[ ,([|])--?[a-z][a-z-]*' | sed -E 's/^[ ,([|]//' | sort -u)
[[ -n $options ]] || { echo "no options found in on2 --help"; exit 1; }
section=$(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$page")
status=0
for option in $options; do
  roff=${option//-/\\-}
  grep -q -F -- "$roff" <<<"$section" || { echo "on2(1) does not describe $option"; status=1; }
done
# The help on one name that --help mentions, ?NAME, is in the page too (as roff writes it).
if "$program" --help | grep -q -F '?NAME'; then
  grep -q -F '.BI ? NAME' "$page" || { echo "on2(1) does not describe ?NAME"; status=1; }
fi
if command -v groff >/dev/null; then
  warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
  [[ -z $warnings ]] || { echo "groff warns: $warnings"; status=1; }
fi
exit $status
