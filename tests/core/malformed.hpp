// The checked-in malformed-input corpus (tests/malformed), embedded at build time with the
// verdict its manifest gives each input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kiln::test {

struct MalformedInput {
  const char* file;  // <harness>/<name>.bin
  const char* type;  // Struct, Foo, Record, Bulk or KitchenSink
  const char* code;  // the JS code name, e.g. "Truncated" (malformed_codes.hpp)
  std::size_t offset;
  std::vector<std::uint8_t> bytes;
};

const std::vector<MalformedInput>& malformed_inputs();

}  // namespace kiln::test
