// UTF-8 validation (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF).
#pragma once

#include <cstddef>
#include <cstdint>

namespace kiln::wire {

// Returns n when all n bytes are valid UTF-8, else the offset of the first invalid sequence.
std::size_t utf8_valid_prefix(const std::uint8_t* s, std::size_t n) noexcept;

}  // namespace kiln::wire
