#!/usr/bin/env bash
# Builds gf2x from Debian's source package for this CPU (with PCLMULQDQ; Debian's libgf2x is a
# generic build, about 10× slower), into build/gf2x-native, for benchmark B6:
#
#   tests/bench/native_gf2x.sh
#   LD_LIBRARY_PATH=build/gf2x-native/lib build/tests/bench/on2_bench --benchmark_filter=b6
#
# on2_bench links libgf2x.so.3 dynamically, so the library path chooses which build B6 measures.
# Needs root (a deb-src entry is added for the download and removed again) and about a minute.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
prefix=$root/build/gf2x-native
work=$(mktemp -d)
sources=/etc/apt/sources.list.d/on2-gf2x-source.sources
trap 'rm -rf "$work" "$sources"' EXIT
cat >"$sources" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
apt-get update -qq
(cd "$work" && apt-get source -qq gf2x)
cd "$work"/gf2x-*/
./configure --prefix="$prefix" --quiet
make -j"$(nproc)" >/dev/null
make install >/dev/null
echo "native gf2x in $prefix/lib; run B6 with LD_LIBRARY_PATH=$prefix/lib"
