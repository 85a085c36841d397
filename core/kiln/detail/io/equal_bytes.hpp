// Equality of byte strings in 8-byte loads: a memcmp call is a call into libc natively and a
// loop over single bytes in wasm's libc.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kiln/base/inline.hpp"
#include "kiln/detail/io/endian.hpp"

namespace kiln::detail::io {

// n >= 8 bytes. Differences collect in one word: no branch per word. The last 8 bytes are
// compared first and cover a tail shorter than a word, overlapping the words before.
inline KILN_INLINE bool equal_bytes(const std::uint8_t* a, const std::uint8_t* b,
                                    std::size_t n) noexcept {
  std::uint64_t diff = load_le<std::uint64_t>(a + n - 8) ^ load_le<std::uint64_t>(b + n - 8);
  for (std::size_t i = 0; i + 8 < n; i += 8)
    diff |= load_le<std::uint64_t>(a + i) ^ load_le<std::uint64_t>(b + i);
  return diff == 0;
}

// N known at compile time: the loop above, unrolled.
template <std::size_t N>
inline KILN_INLINE bool equal_bytes(const std::uint8_t* a, const std::uint8_t* b) noexcept {
  if constexpr (N < 8)
    return std::memcmp(a, b, N) == 0;
  else
    return equal_bytes(a, b, N);
}

}  // namespace kiln::detail::io
