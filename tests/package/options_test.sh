#!/usr/bin/env bash
# The build options (issue 17) as a subproject user meets them; configure only, no build.
# 1. A library-only configure (-DON2_BUILD_REPL=OFF) needs neither libedit (pkg-config sees only
#    GMP and gf2x here), nor GoogleTest, nor Google Benchmark, and turns the tests and benchmarks off.
# 2. Under add_subdirectory, tests, benchmarks, -Werror and the install rules are off by default,
#    and GoogleTest and Google Benchmark are not needed.
# Usage: options_test.sh SOURCE_DIR SUBPROJECT_DIR CXX
set -u
source=$1 subproject=$2 cxx=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "$1"; [[ $# -gt 1 ]] && cat "$2"; exit 1; }
no_test_packages=(-DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON)

mkdir "$work/pkgconfig"
ln -s "$(pkg-config --variable=pcfiledir gmp)/gmp.pc" "$work/pkgconfig/gmp.pc"
ln -s "$(pkg-config --variable=pcfiledir gf2x)/gf2x.pc" "$work/pkgconfig/gf2x.pc"
PKG_CONFIG_LIBDIR=$work/pkgconfig PKG_CONFIG_PATH="" \
  cmake -S "$source" -B "$work/library" -DCMAKE_CXX_COMPILER="$cxx" -DON2_BUILD_REPL=OFF \
  "${no_test_packages[@]}" >"$work/library.log" 2>&1 || fail "the library-only configure failed" "$work/library.log"
for option in ON2_BUILD_TESTS ON2_BUILD_BENCHMARKS; do
  grep -q "^$option:BOOL=OFF$" "$work/library/CMakeCache.txt" || fail "$option is not off without the program"
done

cmake -S "$subproject" -B "$work/subproject" -DCMAKE_CXX_COMPILER="$cxx" -DON2_SOURCE_DIR="$source" \
  "${no_test_packages[@]}" >"$work/subproject.log" 2>&1 || fail "the subproject configure failed" "$work/subproject.log"
echo "options ok"
