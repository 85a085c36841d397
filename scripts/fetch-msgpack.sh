#!/usr/bin/env bash
# Unpacks Debian's header-only msgpack-cxx into a build folder. `apt-get install libmsgpack-cxx-dev`
# would pull Boost 1.74 in next to our Boost 1.81, so we take only its headers (used with
# -DMSGPACK_NO_BOOST). Prints the include directory. Safe to run repeatedly.
#   usage: scripts/fetch-msgpack.sh [dest]   (default: build/deps)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dest=$(realpath -m "${1:-$root/build/deps}")
inc="$dest/msgpack/usr/include"
if [ -f "$inc/msgpack.hpp" ]; then
  echo "$inc"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
if ! apt-get download libmsgpack-cxx-dev >/dev/null 2>&1; then
  # A fresh machine may have no package lists yet.
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -q >/dev/null
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo apt-get update -q >/dev/null
  fi
  apt-get download libmsgpack-cxx-dev >/dev/null
fi
mkdir -p "$dest/msgpack"
dpkg -x libmsgpack-cxx-dev_*.deb "$dest/msgpack"
test -f "$inc/msgpack.hpp"
echo "$inc"
