// LEB128 varints and zigzag on raw pointers. Encoders assume room for kMaxVarint bytes.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

#include "kiln/base/inline.hpp"
#include "kiln/detail/io/endian.hpp"

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

// A varint's 7-bit groups, from the low end, one per byte of a little-endian word: three
// shift-and-mask steps instead of a loop over the bytes. Continuation bits are set apart.
constexpr std::uint64_t spread56(std::uint64_t v) noexcept {  // v < 2^56
  v = (v & 0x000000000FFFFFFFull) | ((v & 0x00FFFFFFF0000000ull) << 4);
  v = (v & 0x00003FFF00003FFFull) | ((v & 0x0FFFC0000FFFC000ull) << 2);
  return (v & 0x007F007F007F007Full) | ((v & 0x3F803F803F803F80ull) << 1);
}
// Bytes of the varint of a value with `bits` significant bits (1 or more).
constexpr unsigned varint_bytes_for(unsigned bits) noexcept {
  return (bits + 6) / 7;
}

}  // namespace detail

// The varint of a 32- or 64-bit number field. Up to four bytes (values below 2^28), and for 32-bit
// numbers, the byte loop of put_varint: in a stream of like messages its branches predict, and
// the processor runs ahead of them. A longer 64-bit value is spread into 7-bit groups with three
// shift-and-mask steps and written with one 8-byte store instead of up to ten loop steps. Requires
// room for max_varint_bytes<U>() bytes (5 or 10), which the number fields' bound (write_bounded)
// provides. Same bytes as put_varint.
template <class U>
inline KILN_INLINE std::uint8_t* put_varint_number(std::uint8_t* p, U v) noexcept {
  static_assert(std::is_unsigned_v<U> && (sizeof(U) == 4 || sizeof(U) == 8));
  if (sizeof(U) == 4 || v < (U{1} << 28)) [[likely]]
    return put_varint(p, v);
  const std::uint64_t w = v;
  if (w < (std::uint64_t{1} << 56)) {  // 5 to 8 bytes
    const unsigned n = detail::varint_bytes_for(static_cast<unsigned>(std::bit_width(w)));
    store_le<std::uint64_t>(p, detail::spread56(w) | (0x0080808080808080ull >> (8 * (8 - n))));
    return p + n;
  }
  store_le<std::uint64_t>(p, detail::spread56(w & 0x00FFFFFFFFFFFFFFull) | 0x8080808080808080ull);
  const std::uint64_t high = w >> 56;  // 1 or 2 more bytes
  if (high < 0x80) {
    p[8] = static_cast<std::uint8_t>(high);
    return p + 9;
  }
  p[8] = static_cast<std::uint8_t>(high | 0x80);
  p[9] = 1;
  return p + 10;
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
