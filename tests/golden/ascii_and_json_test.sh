#!/usr/bin/env bash
# --ascii is ASCII everywhere and --json is JSON everywhere (docs/spec/language.md "Output"). The
# input is every example of the function registry (read from docs/functions.md, which
# golden.docs.function_reference keeps equal to the registry), statements whose errors and hints
# hold on2's symbols, an error inside a function (the call chain), and the commands (:help,
# ?NAME, :vars, :time, an unknown command). Checks:
#   --ascii: no byte of stdout or stderr is 0x80 or more, except inside the strings the input
#            typed (print("α_3 =", …) prints its string as typed); `on2 --ascii --help` too;
#   --json:  every line of stdout is one JSON object; every "ascii" field (of lists' elements
#            too) is ASCII; an error has its kind (math, type, parse, limit, usage, interrupted)
#            and a hint (a string or null); assignments and definitions are acknowledged; the
#            times of :time have "seconds".
# Usage: ascii_and_json_test.sh ON2 FUNCTIONS_MD
set -u
program=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
reference=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
{
  grep -o '| `[^`]*` → `' "$reference" | sed -E 's/^\| `(.*)` → `$/\1/'
  cat <<'ON2'
1/0
1 < 2 < 3
[3 - 5]
inv({1})
1 + true
2^w
sqrt(x)
explain(40, 3)
explain([2^128], 3)
for i in 1 do end
L = {1, {w, 2}}
L[5]
g(a) = 1/a
g(0)
field(w)
table(4)
check(4)
kappas(w)
:help
?explain
:help limits
:help :load
:vars
:nosuch
:time on
w + 1
:time off
ON2
} >input.on2

status=0
"$program" --ascii --keep-going <input.on2 >ascii.out 2>&1
"$program" --ascii --help >>ascii.out 2>&1
"$program" --json --keep-going <input.on2 >json.out 2>json.err
python3 - input.on2 ascii.out json.out json.err <<'PY' || status=1
import json, re, sys
source, ascii_out, json_out, json_err = (open(p, encoding="utf-8").read() for p in sys.argv[1:])
failures = []
typed = sorted(set(re.findall(r'"((?:[^"\\]|\\.)*)"', source)), key=len, reverse=True)
for number, line in enumerate(ascii_out.splitlines(), 1):
    rest = line
    for text in typed:
        rest = rest.replace(text, "")
    if any(ord(c) >= 0x80 for c in rest):
        failures.append(f"--ascii output line {number} is not ASCII: {line}")
if json_err:
    failures.append("--json wrote to stderr: " + json_err[:200])
kinds = {"math", "type", "parse", "limit", "usage", "interrupted"}
def check_ascii_fields(obj, number):
    if "ascii" in obj and any(ord(c) >= 0x80 for c in obj["ascii"]):
        failures.append(f"--json line {number}: the ascii field is not ASCII: {obj['ascii']}")
    for element in obj.get("elements", []):
        check_ascii_fields(element, number)
seen = set()
for number, line in enumerate(json_out.splitlines(), 1):
    try:
        obj = json.loads(line)
    except ValueError as e:
        failures.append(f"--json line {number} is not JSON ({e}): {line[:200]}")
        continue
    if not isinstance(obj, dict):
        failures.append(f"--json line {number} is not an object: {line[:200]}")
        continue
    seen.update(obj.keys())
    check_ascii_fields(obj, number)
    if "error" in obj:
        if obj.get("kind") not in kinds or "hint" not in obj:
            failures.append(f"--json line {number}: an error without kind or hint: {line[:200]}")
    if "type" in obj and obj["type"] == "list" and "elements" not in obj:
        failures.append(f"--json line {number}: a list without its elements: {line[:200]}")
for key in ["assigned", "defined", "elements", "print", "help", "variable", "seconds", "error"]:
    if key not in seen and not any(f'"{key}"' in l for l in json_out.splitlines()):
        failures.append(f"--json output has no object with \"{key}\"")
kinds_seen = {json.loads(l).get("kind") for l in json_out.splitlines() if '"error"' in l}
for kind in ["math", "type", "parse", "limit", "usage"]:
    if kind not in kinds_seen:
        failures.append(f"--json output has no error of kind {kind}")
for f in failures:
    print(f)
sys.exit(1 if failures else 0)
PY
exit $status
