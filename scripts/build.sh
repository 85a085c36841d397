#!/usr/bin/env bash
# Builds the targets into build/: native (g++ release), clang, asan (clang++ with ASan+UBSan), and
# wasm (em++; also writes the npm package's generated files into js/generated and js/dist/), and
# examples (em++: the package tests/user_types builds from its own C++ types with
# kiln_add_wasm_module, into build/user-types/package), and fuzz (clang libFuzzer harnesses, build/fuzz).
#   usage: scripts/build.sh [native|asan|tsan|wasm|clang|examples|fuzz ...]   (default: native wasm)
# tsan (g++ with ThreadSanitizer) builds only the thread suite, kiln_thread_tests.
# fuzz (clang++ with libFuzzer, ASan and UBSan) builds the fuzz harnesses into build/fuzz (or
# $KILN_FUZZ_BUILD); scripts/fuzz.sh runs them.
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
      stage "native: clang++ with AddressSanitizer + UndefinedBehaviorSanitizer"
      # clang++ at -O0 with line tables (-g1); reports still name file and line. The optimizer is
      # most of the compile time of these template-heavy tests (containers_test.cpp: 127 s at -O1,
      # 38 s at -O0), while the suite runs in under 20 s either way: the whole build takes about
      # 3.5 minutes here against 10 at -O1. clang++ rather than g++ (9 minutes at -O1), and as
      # `npm test` has no other clang++ build, this one also keeps the code warning-free (-Werror)
      # under clang 14. A tree configured for g++ by an older version of this script is started
      # afresh.
      grep -qs "CMAKE_CXX_COMPILER:.*clang" build/asan/CMakeCache.txt || rm -rf build/asan
      cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKILN_SANITIZE=ON \
        -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O0 -g1 -DNDEBUG" \
        -DKILN_BUILD_EXAMPLES=OFF >/dev/null
      cmake --build build/asan -j "$jobs" ;;
    tsan)
      stage "native: g++ with ThreadSanitizer (thread suite)"
      cmake -S . -B build/tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKILN_SANITIZE_THREAD=ON \
        -DKILN_BUILD_EXAMPLES=OFF >/dev/null
      cmake --build build/tsan -j "$jobs" --target kiln_thread_tests ;;
    fuzz)
      stage "fuzz harnesses: clang++ with libFuzzer + AddressSanitizer + UndefinedBehaviorSanitizer"
      # -O2 (the build type's level; at -O1 the graph harness ran 26% fewer inputs in a 30 s run).
      cmake -S . -B "${KILN_FUZZ_BUILD:-build/fuzz}" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" \
        -DKILN_FUZZ=ON >/dev/null
      cmake --build "${KILN_FUZZ_BUILD:-build/fuzz}" -j "$jobs" --target fuzz ;;
    wasm)
      stage "wasm: em++ Release (core tests, wasm core module, JS generator)"
      emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
      cmake --build build/wasm -j "$jobs"
      # The npm package's bundles (CommonJS entries, single-file ES module), from the ES modules in js/.
      stage "js: bundles js/dist (scripts/bundle.mjs)"
      node scripts/bundle.mjs ;;
    examples)
      stage "examples: user types package (em++, tests/user_types, out of tree)"
      # Without NODE_PATH, as a user's build would run: KilnWasmModule.cmake finds acorn itself.
      env -u NODE_PATH emcmake cmake -S tests/user_types -B build/user-types -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
      env -u NODE_PATH cmake --build build/user-types -j "$jobs" ;;
    *) echo "unknown target $t" >&2; exit 2 ;;
  esac
done
