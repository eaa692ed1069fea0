#!/usr/bin/env bash
# Installs the Debian packages on2 needs when any is missing (run as root on Debian 12).
# groff-base renders the man page in the test package.man_page.
# Usage: ./setup.sh [--bench] [--sanitizers]   (--bench adds the benchmarks' outside baseline
# pari-gp for factoring, B5; B6's gf2x is in the main list, as the library links it; --sanitizers
# adds clang-14 and its libFuzzer and sanitizer runtimes for the fuzz build, .ci/sanitizers.sh)
set -euo pipefail
packages=(g++ cmake pkg-config libboost-dev libgmp-dev libgf2x-dev libecm-dev libgtest-dev
          libbenchmark-dev libedit-dev libpng-dev groff-base python3 clang-format-14)
# libgf2x-dev: products of GF(2)[x] polynomials (cas/src/poly); libecm-dev: GMP-ECM, integer
# factoring (cas/arith/integer_factoring.hpp); libpng-dev: the pictures of plot (repl);
# groff-base: the man page test; python3: the layering check (tools/check_layers.py);
# clang-format-14: the format check (tools/check_format.sh)
for option in "$@"; do
  case $option in
    --bench) packages+=(pari-gp) ;;
    --sanitizers) packages+=(clang-14 libclang-rt-14-dev) ;;
    *) echo "setup.sh: unknown option $option (known: --bench, --sanitizers)" >&2; exit 4 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup.sh: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
