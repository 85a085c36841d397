#!/usr/bin/env bash
# Builds the targets into build/: native (g++ release), asan (g++ with ASan+UBSan), wasm (em++).
#   usage: scripts/build.sh [native|asan|wasm|clang ...]   (default: native wasm)
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}  # emscripten's optimizer needs Debian's acorn
jobs=$(nproc)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(native wasm)

stage() { echo "[build] $1 ($(date +%H:%M:%S))"; }
for t in "${targets[@]}"; do
  case "$t" in
    native)
      stage "native: g++ Release"
      cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
      cmake --build build/native -j "$jobs" ;;
    clang)
      stage "native: clang++ Release"
      cmake -S . -B build/clang -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ >/dev/null
      cmake --build build/clang -j "$jobs" ;;
    asan)
      stage "native: g++ with AddressSanitizer + UndefinedBehaviorSanitizer"
      cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKILN_SANITIZE=ON \
        -DKILN_BUILD_EXAMPLES=OFF >/dev/null
      cmake --build build/asan -j "$jobs" ;;
    wasm)
      stage "wasm: em++ Release"
      emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
      cmake --build build/wasm -j "$jobs" ;;
    *) echo "unknown target $t" >&2; exit 2 ;;
  esac
done
