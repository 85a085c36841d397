// copy_bytes: memcpy for the short runs that dominate the wire (strings, map keys).
// A variable-length memcpy is a library call natively and, with bulk memory, a memory.copy in
// wasm, which V8 runs as a call out to C: for a 4-byte string that call costs more than the
// copy. Runs up to 32 bytes are copied inline with overlapping word loads and stores.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace kiln::io {

namespace detail {
template <class W>
inline void copy_ends(std::uint8_t* dst, const std::uint8_t* src, std::size_t n) noexcept {
  W a, b;
  std::memcpy(&a, src, sizeof(W));
  std::memcpy(&b, src + n - sizeof(W), sizeof(W));
  std::memcpy(dst, &a, sizeof(W));
  std::memcpy(dst + n - sizeof(W), &b, sizeof(W));
}
}  // namespace detail

// The ranges must not overlap (as for memcpy).
inline void copy_bytes(std::uint8_t* dst, const std::uint8_t* src, std::size_t n) noexcept {
  if (n > 32) {
    std::memcpy(dst, src, n);
  } else if (n > 16) {
    detail::copy_ends<std::uint64_t>(dst, src, 16);
    detail::copy_ends<std::uint64_t>(dst + n - 16, src + n - 16, 16);
  } else if (n >= 8) {
    detail::copy_ends<std::uint64_t>(dst, src, n);
  } else if (n >= 4) {
    detail::copy_ends<std::uint32_t>(dst, src, n);
  } else if (n != 0) {
    std::uint8_t a = src[0], b = src[n >> 1], c = src[n - 1];
    dst[0] = a;
    dst[n >> 1] = b;
    dst[n - 1] = c;
  }
}

}  // namespace kiln::io
