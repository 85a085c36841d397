// Fuzzes the schema-less inspector (kiln::inspect, behind kiln-inspect and JS inspect()): any
// input gives JSON text or an error with a code and an in-range offset, never a crash.
#include "fuzz_harness.hpp"
#include "kiln/inspect.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kiln::Result<std::string> out = kiln::inspect({data, size});
  if (out.ok()) {
    if (out.value().empty()) kiln::fuzz::fail("inspect returned empty text");
  } else if (out.error().code == kiln::ErrorCode::kOk || out.error().offset > size) {
    kiln::fuzz::fail("an error without a code or past the input", out.error().message());
  }
  return 0;
}
