// Error code names as the malformed-input manifest spells them: the JS KilnError codes
// (js/runtime/errors.mjs CODES_BY_NUMBER), in the C++ ErrorCode enum's order.
#pragma once

#include <cstddef>
#include <string_view>

#include "kiln/base/error.hpp"

namespace kiln::test {

inline constexpr const char* kCodeNames[] = {
    "Ok",
    "Truncated",
    "BadMagic",
    "BadVersion",
    "BadFlags",
    "SchemaMismatch",
    "VarintOverflow",
    "ValueOutOfRange",
    "BadBool",
    "BadUtf8",
    "LengthTooLarge",
    "BadVariantIndex",
    "BadOptionalTag",
    "DuplicateKey",
    "DepthExceeded",
    "TrailingBytes",
    "BadReference",
    "UnknownType",
    "DuplicateType",
    "UnregisteredType",
    "BadTag",
    "AllocationLimit",
    "BadTypeTable",
    "UnsupportedOption",
    "Cycle",
};
static_assert(std::size(kCodeNames) == static_cast<std::size_t>(ErrorCode::kCycle) + 1,
              "every ErrorCode has a name");

inline const char* code_name(ErrorCode code) {
  auto i = static_cast<std::size_t>(code);
  return i < std::size(kCodeNames) ? kCodeNames[i] : "Unknown";
}

}  // namespace kiln::test
