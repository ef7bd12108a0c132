#!/bin/sh
# Builds Jolt Physics and joltcast (the native Jolt side of
# tools/joltbench; see
# docs/performance.md, "Native Jolt in the repository (`jolt7`, 2026-11-28)"):
#
#   tools/joltbench/native/build.sh JOLT_SRC BUILD_DIR
#
# JOLT_SRC is the root of a Jolt Physics source tree (it has
# Build/CMakeLists.txt); the binary is BUILD_DIR/joltcast. Release, GCC
# (CXX overrides), JOBS parallel jobs (default 2). Needs cmake 3.20+.
set -eu
if [ $# -ne 2 ]; then
	echo "usage: $0 JOLT_SRC BUILD_DIR" >&2
	exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
cmake -S "$here" -B "$2" -DJOLT_SRC="$(cd "$1" && pwd)" \
	-DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="${CXX:-g++}"
cmake --build "$2" --target joltcast -j "${JOBS:-2}"
echo "built $2/joltcast"
