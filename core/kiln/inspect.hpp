// Schema-less reading of compatible-mode messages: the type table says everything needed to walk
// the value, so any message can be printed without its C++ types (docs/FORMAT.md section 10.6).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "kiln/base/options.hpp"
#include "kiln/base/result.hpp"

namespace kiln {

// The message as one line of JSON: header facts, the type table, the root type and the value.
// Fails on a schema-consistent message (it carries no table) and on any malformed input, with
// the same error codes and offsets as a decoder.
[[nodiscard]] Result<std::string> inspect(std::span<const std::uint8_t> message,
                                          const Limits& limits = {});

}  // namespace kiln
