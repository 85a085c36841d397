// LEB128 varints and zigzag on raw pointers. Encoders assume room for kMaxVarint bytes.
#pragma once

#include <cstdint>
#include <type_traits>

#include "kiln/base/inline.hpp"

namespace kiln::detail::io {

inline constexpr std::size_t kMaxVarint64 = 10;
inline constexpr std::size_t kMaxVarint32 = 5;

template <class U>
constexpr std::size_t max_varint_bytes() {
  return (sizeof(U) * 8 + 6) / 7;
}

inline std::uint8_t* put_varint(std::uint8_t* p, std::uint64_t v) noexcept {
  while (v >= 0x80) {
    *p++ = static_cast<std::uint8_t>(v | 0x80);
    v >>= 7;
  }
  *p++ = static_cast<std::uint8_t>(v);
  return p;
}

namespace detail {

// Byte I of a varint that has at least max_varint_bytes<U>() bytes in the buffer, so no byte needs
// an end check. Unrolled at compile time: each byte's shift is a constant, and a 32-bit value is
// assembled in 32 bits (in wasm, as natively, narrower operations than the loop's 64-bit ones).
template <class U, std::size_t I, class Acc>
inline KILN_INLINE bool get_varint_unchecked(const std::uint8_t*& p, Acc v, U& out) noexcept {
  constexpr std::size_t kMax = max_varint_bytes<U>();
  const std::uint8_t b = p[I];
  if constexpr (I == kMax - 1) {
    if ((b >> (sizeof(U) * 8 - 7 * I)) != 0) return false;  // too long, or bits beyond U
    v |= static_cast<Acc>(b) << (7 * I);
  } else {
    v |= static_cast<Acc>(b & 0x7f) << (7 * I);
    if (b >= 0x80) return get_varint_unchecked<U, I + 1>(p, v, out);
  }
  p += I + 1;
  out = static_cast<U>(v);
  return true;
}

}  // namespace detail

// Decodes an unsigned LEB128 value into U from [p, end). False, with p where it was, when the
// input ends first, or the encoding is longer than U allows or has bits beyond U.
template <class U>
inline KILN_INLINE bool get_varint(const std::uint8_t*& p, const std::uint8_t* end,
                                   U& out) noexcept {
  constexpr std::size_t kMax = max_varint_bytes<U>();
  using Acc = std::conditional_t<(sizeof(U) > 4), std::uint64_t, std::uint32_t>;
  // Away from the end of the input (nearly always), no per-byte end check.
  if (static_cast<std::size_t>(end - p) >= kMax) [[likely]]
    return detail::get_varint_unchecked<U, 0>(p, Acc{0}, out);
  const std::uint8_t* q = p;
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < kMax; ++i) {
    if (q == end) return false;
    const std::uint8_t b = *q++;
    v |= static_cast<std::uint64_t>(b & 0x7f) << (7 * i);
    if (b < 0x80) {
      if (i == kMax - 1 && (b >> (sizeof(U) * 8 - 7 * i)) != 0) return false;  // bits beyond U
      p = q;
      out = static_cast<U>(v);
      return true;
    }
  }
  return false;
}

constexpr std::size_t varint_size(std::uint64_t v) noexcept {
  std::size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

template <class S>
constexpr std::make_unsigned_t<S> zigzag_encode(S v) noexcept {
  using U = std::make_unsigned_t<S>;
  return static_cast<U>((static_cast<U>(v) << 1) ^ static_cast<U>(v >> (sizeof(S) * 8 - 1)));
}

template <class U>
constexpr std::make_signed_t<U> zigzag_decode(U v) noexcept {
  using S = std::make_signed_t<U>;
  return static_cast<S>((v >> 1) ^ (~(v & 1) + 1));
}

}  // namespace kiln::detail::io
