#!/usr/bin/env bash
# Builds and runs the JDK serialization baseline; skips with a note when no JDK is installed.
#   usage: bench/jdk/run.sh [--quick] [--out rows.jsonl]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
if ! command -v javac >/dev/null || ! command -v java >/dev/null; then
  echo "[jdk] skipped: javac not found (the JDK baseline needs a JDK, e.g. openjdk-17-jdk-headless)" >&2
  exit 0
fi
classes="$root/build/jdk"
mkdir -p "$classes"
javac -d "$classes" "$root/bench/jdk/JdkBench.java"
exec java -cp "$classes" JdkBench "$@"
