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

// memmove semantics: every byte is loaded before any is stored (and memmove past 32 bytes), so
// the ranges may overlap; a reused string can be refilled from bytes inside its own buffer.
KILN_INLINE inline void copy_bytes(std::uint8_t* dst, const std::uint8_t* src,
                                   std::size_t n) noexcept {
  using detail::load_word;
  using detail::store_word;
  if (n > 32) {
    std::memmove(dst, src, n);
  } else if (n > 16) {
    const auto a = load_word<std::uint64_t>(src), b = load_word<std::uint64_t>(src + 8);
    const auto c = load_word<std::uint64_t>(src + n - 16),
               d = load_word<std::uint64_t>(src + n - 8);
    store_word(dst, a);
    store_word(dst + 8, b);
    store_word(dst + n - 16, c);
    store_word(dst + n - 8, d);
  } else if (n >= 8) {
    const auto a = load_word<std::uint64_t>(src), b = load_word<std::uint64_t>(src + n - 8);
    store_word(dst, a);
    store_word(dst + n - 8, b);
  } else if (n >= 4) {
    const auto a = load_word<std::uint32_t>(src), b = load_word<std::uint32_t>(src + n - 4);
    store_word(dst, a);
    store_word(dst + n - 4, b);
  } else if (n != 0) {
    const std::uint8_t a = src[0], b = src[n >> 1], c = src[n - 1];
    dst[0] = a;
    dst[n >> 1] = b;
    dst[n - 1] = c;
  }
}

}  // namespace kiln::detail::io
