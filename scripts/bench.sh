#!/usr/bin/env bash
# `npm run bench`: installs what is missing, builds both targets, and runs the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "=== setup"; scripts/setup.sh bench
echo "=== build"; scripts/build.sh native wasm
mkdir -p bench/results
echo "=== sizes: round trip of every workload, native and wasm"
build/native/bench/kiln_sizes > build/sizes-native.jsonl
node build/wasm/bench/kiln_sizes.js > build/sizes-wasm.jsonl
node bench/sizes_table.mjs build/sizes-native.jsonl build/sizes-wasm.jsonl
