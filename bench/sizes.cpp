// Round-trips the workloads and prints their serialized sizes per number mode, one JSON object
// per line. The same source runs natively and as wasm under node; both must print the same.
#include <cstdio>

#include "golden_cases.hpp"

int main() {
  int failures = 0;
  for (const auto& c : kiln::workloads::golden_cases()) {
    // TestClass with reference tracking, as its golden vector; Drawing with its registered types
    kiln::Codec codec = c.codec(c.options());
    auto bytes = c.encode(codec);
    bool equal = false;
    auto status = c.decode(codec, bytes, equal);
    bool ok = status.ok() && equal;
    failures += !ok;
    std::printf("{\"workload\": \"%s\", \"mode\": \"%s\", \"bytes\": %zu, \"roundtrip\": %s}\n",
                c.workload.c_str(),
                c.compatible ? "compatible"
                : c.compress ? "compressed"
                             : "fixed",
                bytes.size(), ok ? "true" : "false");
  }
  return failures == 0 ? 0 : 1;
}
