#!/usr/bin/env bash
# Regenerates the JS written for the workload types (js/generated/workloads.*, by the generator
# target of the wasm build) and copies it over the committed goldens in tests/golden/js/, which
# tests/js/generated_golden.test.mjs compares with js/generated/. Run it after changing the
# generator (wasm/jsgen/) or the workload types, and review the diff of tests/golden/js/.
#   usage: scripts/update-js-goldens.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}  # emscripten's optimizer needs Debian's acorn
[ -f build/wasm/build.ninja ] ||
  emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm --target kiln_js_workloads
mkdir -p tests/golden/js
rm -f tests/golden/js/workloads.*
cp js/generated/workloads.* tests/golden/js/
ls tests/golden/js/workloads.*
