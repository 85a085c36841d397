# Sourced by the A/B scripts: ab_build ROOT SOURCE BINARY CXX builds one of bench/ab/'s harnesses
# against the Kiln tree at ROOT with the Release flags, the library's own sources compiled into
# the binary, so that every tree builds the same way. The workloads (the inputs) are this tree's,
# the same for every tree. AB_CXXFLAGS adds flags to both builds (e.g. -falign-functions=64
# -falign-loops=32, so that code placement moves neither tree's loops: bench/NOTES.md).
ab_build() {
  local root=$1 source=$2 binary=$3 cxx=$4
  # Older trees kept the headers under core/include/ and the sources under core/src/.
  local inc="$root/core" src="$root/core/kiln"
  [ -d "$root/core/include" ] && inc="$root/core/include" src="$root/core/src"
  echo "[ab] building $(basename "$source") against $root"
  "$cxx" -std=c++20 -O3 -DNDEBUG ${AB_CXXFLAGS:-} -I"$inc" -I"$PWD/tests/workloads" \
    "$source" $(find "$src" -name '*.cpp') -o "$binary"
}
