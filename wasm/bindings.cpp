// Embind surface of the wasm module: setup and rare calls only (see docs/ARCHITECTURE.md);
// the per-message hot path will go through raw exports.
#include <emscripten/bind.h>

#include <string>

#include "golden_cases.hpp"
#include "kiln/kiln.hpp"

namespace {

int format_version() {
  return kiln::wire::kVersion;
}

// Serialized size of a workload ("Struct", "Foo", "Record") in one number mode; -1 if unknown.
int workload_size(const std::string& workload, bool compress) {
  for (const auto& c : kiln::workloads::golden_cases()) {
    if (c.workload != workload || c.compress != compress) continue;
    kiln::Codec codec({.compress_numbers = compress});
    return static_cast<int>(c.encode(codec).size());
  }
  return -1;
}

// Serializes and deserializes a workload inside wasm; "" on success, else the error message.
std::string workload_roundtrip(const std::string& workload, bool compress) {
  for (const auto& c : kiln::workloads::golden_cases()) {
    if (c.workload != workload || c.compress != compress) continue;
    kiln::Codec codec({.compress_numbers = compress});
    auto bytes = c.encode(codec);
    bool equal = false;
    auto status = c.decode(codec, bytes, equal);
    if (!status) return status.error().message();
    return equal ? "" : "round trip changed the value";
  }
  return "unknown workload " + workload;
}

}  // namespace

EMSCRIPTEN_BINDINGS(kiln) {
  emscripten::function("formatVersion", &format_version);
  emscripten::function("workloadSize", &workload_size);
  emscripten::function("workloadRoundtrip", &workload_roundtrip);
}
