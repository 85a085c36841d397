// copy_bytes: memmove for the short runs that dominate the wire (strings, map keys).
// A variable-length memcpy is a library call natively and, with bulk memory, a memory.copy in
// wasm, which V8 runs as a call out to C: for a 4-byte string that call costs more than the
// copy. Runs up to 32 bytes are copied inline with overlapping word loads and stores.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kiln/base/inline.hpp"

namespace kiln::detail::io {

namespace detail {
template <class W>
inline W load_word(const std::uint8_t* p) noexcept {
  W w;
  std::memcpy(&w, p, sizeof(W));
  return w;
}
template <class W>
inline void store_word(std::uint8_t* p, W w) noexcept {
  std::memcpy(p, &w, sizeof(W));
}
}  // namespace detail

// copy_bytes that also tells whether the n bytes are all ASCII, from the words it moves anyway:
// true when they are (n <= 32); false when a byte has its high bit set or n > 32, where the
// caller validates the copied bytes itself. A string's UTF-8 check then costs an OR and a test.
KILN_INLINE inline bool copy_ascii(std::uint8_t* dst, const std::uint8_t* src,
                                   std::size_t n) noexcept {
  using detail::load_word;
  using detail::store_word;
  constexpr std::uint64_t kHigh = 0x8080808080808080ull;
  if (n > 32) {
    std::memmove(dst, src, n);
    return false;
  }
  if (n > 16) {
    const auto a = load_word<std::uint64_t>(src), b = load_word<std::uint64_t>(src + 8);
    const auto c = load_word<std::uint64_t>(src + n - 16),
               d = load_word<std::uint64_t>(src + n - 8);
    store_word(dst, a);
    store_word(dst + 8, b);
    store_word(dst + n - 16, c);
    store_word(dst + n - 8, d);
    return ((a | b | c | d) & kHigh) == 0;
  }
  if (n >= 8) {
    const auto a = load_word<std::uint64_t>(src), b = load_word<std::uint64_t>(src + n - 8);
    store_word(dst, a);
    store_word(dst + n - 8, b);
    return ((a | b) & kHigh) == 0;
  }
  if (n >= 4) {
    const auto a = load_word<std::uint32_t>(src), b = load_word<std::uint32_t>(src + n - 4);
    store_word(dst, a);
    store_word(dst + n - 4, b);
    return ((a | b) & 0x80808080u) == 0;
  }
  if (n != 0) {
    const std::uint8_t a = src[0], b = src[n >> 1], c = src[n - 1];
    dst[0] = a;
    dst[n >> 1] = b;
    dst[n - 1] = c;
    return ((a | b | c) & 0x80u) == 0;
  }
  return true;
}

// memmove semantics: every byte is loaded before any is stored (and memmove past 32 bytes), so
// the ranges may overlap; a reused string can be refilled from bytes inside its own buffer.
KILN_INLINE inline void copy_bytes(std::uint8_t* dst, const std::uint8_t* src,
                                   std::size_t n) noexcept {
  (void)copy_ascii(dst, src, n);  // the unused test folds away once inlined
}

}  // namespace kiln::detail::io
