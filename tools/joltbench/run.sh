#!/usr/bin/env bash
# Same-run speed and correctness comparison of the core's mesh sweep
# against Jolt Physics (JoltPhysics.js, WebAssembly). See README.md.
#
#   tools/joltbench/run.sh [CASTFILE.json...]
#
# Installs jolt-physics (npm ci), exports the generated benchmark levels
# (block, dense) as cast files, builds gocast natively and for js/wasm, and
# runs bench.mjs on the two levels and any cast files given (written by
# `debugger bench --level FILE --export OUT`). ROUNDS (default 9) sets the
# alternating rounds. Everything goes to tools/joltbench/out/ (replaced).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
go=${GO:-go}
extra=()
for f in "$@"; do extra+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"); done
out="$here/out"
rm -rf "$out"
mkdir -p "$out/casts" "$out/bin"
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
cd "$root"
SWEEP_CASTS_DIR="$out/casts" "$go" test -count=1 -run '^TestExportLevelCasts$' ./sweep/ >/dev/null
"$go" build -o "$out/bin/gocast" ./tools/joltbench/gocast
GOOS=js GOARCH=wasm "$go" build -o "$out/bin/gocast.wasm" ./tools/joltbench/gocast
cd "$here"
node bench.mjs --gocast "$out/bin/gocast" \
  --gowasm "$out/bin/gocast.wasm" --wasmexec "$("$go" env GOROOT)/lib/wasm/wasm_exec_node.js" \
  --rounds "${ROUNDS:-9}" --out "$out" "$out/casts/block.json" "$out/casts/dense.json" "${extra[@]}"
