#!/usr/bin/env python3
"""Two on2_bench binaries (an old build and a new one) side by side: their runs alternate, so the
noise of a shared machine falls on both, and each case keeps the least CPU time of its runs.

Usage: compare_benchmarks.py OLD_BENCH NEW_BENCH [RUNS] [FILTER]
  RUNS    runs of each binary (default 3)
  FILTER  a --benchmark_filter regex (default: B10's primitive and order cases)
Prints per case (benchmark and label): old and new CPU time in the benchmark's unit, old/new.
"""
import collections
import csv
import io
import subprocess
import sys

DEFAULT_FILTER = 'b10_(primitive|order)_sweep/|b10_(primitive|order)/'


def run(binary, pattern):
    out = subprocess.run([binary, '--benchmark_filter=' + pattern, '--benchmark_format=csv'],
                         capture_output=True, text=True, check=True).stdout
    start = out.find('name,')
    if start < 0:
        return []
    return list(csv.DictReader(io.StringIO(out[start:])))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    pattern = sys.argv[4] if len(sys.argv) > 4 else DEFAULT_FILTER
    least = collections.defaultdict(dict)
    for _ in range(runs):
        for tag, binary in (('old', old), ('new', new)):
            for row in run(binary, pattern):
                name = row['name'].split('/min_time')[0]
                key = (name.split('/')[0], row['label'] or name)  # sweep indices shift between builds
                time = float(row['cpu_time'])
                least[key][tag] = min(least[key].get(tag, float('inf')), time)
    print(f'{"benchmark":22s} {"case":45s} {"old":>9s} {"new":>9s} {"old/new":>8s}')
    for key in sorted(least):
        a, b = least[key].get('old'), least[key].get('new')
        shown = [f'{t:.3f}' if t is not None else '-' for t in (a, b)]
        ratio = f'{a / b:.2f}' if a and b else '-'
        print(f'{key[0]:22s} {key[1]:45s} {shown[0]:>9s} {shown[1]:>9s} {ratio:>8s}')


if __name__ == '__main__':
    main()
