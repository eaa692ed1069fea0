#!/usr/bin/env bash
# The installed package (issue 17): `cmake --install` into an empty prefix puts the library, the
# headers, the program, the man page, the CMake package and on2.pc in place; an outside project
# builds against it with find_package(on2) and on2::cas, and the same source with the flags of
# `pkg-config --cflags --libs on2`; the installed on2 runs from an empty directory.
# Usage: package_test.sh BUILD_DIR CONSUMER_SOURCE_DIR CXX VERSION SOURCE_DIR
set -u
build=$1 consumer=$2 cxx=$3 version=$4 source=$5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
fail() { echo "$1"; [[ $# -gt 1 ]] && cat "$2"; exit 1; }

cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 || fail "cmake --install failed" "$work/install.log"
pc_file=$(find "$prefix" -name on2.pc)
[[ -n $pc_file ]] || fail "no on2.pc installed" "$work/install.log"
libdir=$(dirname "$(dirname "$pc_file")")
for file in bin/on2 include/cas/cas.hpp include/cas/core/version.hpp include/cas/finite/nimber.hpp \
            share/man/man1/on2.1 "${libdir#"$prefix"/}/libon2cas.a" \
            "${libdir#"$prefix"/}/cmake/on2/on2Config.cmake" \
            "${libdir#"$prefix"/}/cmake/on2/on2ConfigVersion.cmake"; do
  [[ -f $prefix/$file ]] || fail "not installed: $file" "$work/install.log"
done
# Nothing private: the library's own headers and sources stay in the tree.
[[ -z $(find "$prefix/include" -path '*/src/*' -o -name '*.cpp' -o -name '*.in') ]] ||
  fail "private files installed: $(find "$prefix/include" -path '*/src/*' -o -name '*.cpp' -o -name '*.in')"

expected="(ω + 2)(ω + 3) = [ω^2 + ω + 1]
ω^3 = 2
1/ω = [ω^2·3]
version $version $version"

# find_package(on2 VERSION) from a project that knows only the prefix.
cmake -S "$consumer" -B "$work/cmake-consumer" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release -DON2_EXPECTED_VERSION="$version" \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$work/cmake.log" 2>&1 || fail "the consumer's configure failed" "$work/cmake.log"
cmake --build "$work/cmake-consumer" >"$work/build.log" 2>&1 || fail "the consumer's build failed" "$work/build.log"
actual=$("$work/cmake-consumer/consumer") || fail "the CMake consumer failed"
[[ $actual == "$expected" ]] || fail "the CMake consumer printed: $actual"

# pkg-config: the flags alone are enough to compile and link the same program.
flags=$(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --cflags --libs on2) || fail "pkg-config --cflags --libs on2 failed"
[[ $(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --modversion on2) == "$version" ]] || fail "on2.pc has the wrong version"
# shellcheck disable=SC2086  # the flags are words
"$cxx" -std=c++20 -O1 "$consumer/consumer.cpp" -o "$work/pkg-config-consumer" $flags >"$work/pc.log" 2>&1 ||
  fail "the build with pkg-config's flags ($flags) failed" "$work/pc.log"
actual=$("$work/pkg-config-consumer") || fail "the pkg-config consumer failed"
[[ $actual == "$expected" ]] || fail "the pkg-config consumer printed: $actual"

# The installed program, from an empty directory: nothing found by relative path.
mkdir "$work/empty"
cd "$work/empty" || exit 1
[[ $("$prefix/bin/on2" --version) == "on2 $version" ]] || fail "installed on2 --version: $("$prefix/bin/on2" --version)"
[[ $("$prefix/bin/on2" -e '[ω]*[ω]') == "[ω^2]" ]] || fail "installed on2 -e: $("$prefix/bin/on2" -e '[ω]*[ω]' 2>&1)"
"$source/tests/golden/no_relative_files_test.sh" "$prefix/bin/on2" || fail "the installed on2 looked for files"
[[ -z $(ls -A "$work/empty") ]] || fail "the installed on2 wrote into the current directory: $(ls -A)"
echo "package ok"
