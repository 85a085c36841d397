// UTF-8 validation (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "kiln/base/inline.hpp"

namespace kiln::detail::wire {

// The full validator, out of line.
std::size_t utf8_scan(const std::uint8_t* s, std::size_t n) noexcept;

// Writers refuse a string that is not UTF-8, which every reader would reject: the detail of
// their kBadUtf8 error, for a string of `size` bytes whose first invalid sequence is at `at`.
std::string utf8_write_error(std::size_t size, std::size_t at);

// Returns n when all n bytes are valid UTF-8, else the offset of the first invalid sequence.
// Most strings on the wire are short and ASCII: that case is decided inline with a few
// overlapping loads, and anything with a high bit goes to the full validator.
KILN_INLINE inline std::size_t utf8_valid_prefix(const std::uint8_t* s, std::size_t n) noexcept {
  std::uint64_t high = 0;
  if (n >= 8) {
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t c;
      std::memcpy(&c, s + i, 8);
      high |= c;
    }
    std::uint64_t last;
    std::memcpy(&last, s + n - 8, 8);  // the tail, overlapping the last whole chunk
    high |= last;
    high &= 0x8080808080808080ull;
  } else if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, s, 4);
    std::memcpy(&b, s + n - 4, 4);
    high = (a | b) & 0x80808080u;
  } else if (n != 0) {
    high = (s[0] | s[n >> 1] | s[n - 1]) & 0x80u;
  }
  return high == 0 ? n : utf8_scan(s, n);
}

}  // namespace kiln::detail::wire
