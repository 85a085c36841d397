// The checked-in golden vectors (tests/golden/*.bin), embedded at build time.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kiln::test {

// Keyed by file name without extension, e.g. "struct_fixed".
const std::map<std::string, std::vector<std::uint8_t>>& golden_vectors();
// tests/golden/value/*.bin (generic values), keyed by file name without extension.
const std::map<std::string, std::vector<std::uint8_t>>& value_golden_vectors();

}  // namespace kiln::test
