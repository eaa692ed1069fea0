#!/usr/bin/env bash
# Fails when a C++ file of the repository differs from what .clang-format makes of it
# (docs/style.md: the format of the whole tree is settled by .clang-format). Lists the files and
# the command that formats them. Usage: tools/check_format.sh [REPOSITORY]   (default: this one)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
formatter=$(command -v clang-format-14 || command -v clang-format || true)
if [[ -z $formatter ]]; then
  echo "check_format: clang-format-14 is not installed; ./setup.sh installs it" >&2
  exit 1
fi
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files -- '*.cpp' '*.hpp' '*.h' | grep -v '^tests/lint/fixtures/')
else  # a source tree without its git history
  mapfile -t files < <(find cas parser repl tests -name '*.cpp' -o -name '*.hpp' -o -name '*.h' |
                       grep -v '^tests/lint/fixtures/' | sort)
fi
differing=()
for f in "${files[@]}"; do
  "$formatter" --style=file "$f" | cmp -s - "$f" || differing+=("$f")
done
if ((${#differing[@]})); then
  printf 'check_format: %d file(s) differ from .clang-format:\n' "${#differing[@]}" >&2
  printf '  %s\n' "${differing[@]}" >&2
  echo "format them with: $formatter -i ${differing[*]}" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files as .clang-format has them"
