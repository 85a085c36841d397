// Equality of N bytes, N known at compile time, in 8-byte loads: a memcmp call is a call into
// libc natively and a loop over single bytes in wasm's libc.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kiln/base/inline.hpp"
#include "kiln/detail/io/endian.hpp"

namespace kiln::detail::io {

template <std::size_t N>
inline KILN_INLINE bool equal_bytes(const std::uint8_t* a, const std::uint8_t* b) noexcept {
  if constexpr (N < 8) {
    return std::memcmp(a, b, N) == 0;
  } else {
    // Differences collect in one word: no branch per word. A tail shorter than a word is
    // compared with the last 8 bytes, which overlap the words before.
    std::uint64_t diff = 0;
    for (std::size_t i = 0; i + 8 <= N; i += 8)
      diff |= load_le<std::uint64_t>(a + i) ^ load_le<std::uint64_t>(b + i);
    if constexpr (N % 8 != 0)
      diff |= load_le<std::uint64_t>(a + N - 8) ^ load_le<std::uint64_t>(b + N - 8);
    return diff == 0;
  }
}

}  // namespace kiln::detail::io
