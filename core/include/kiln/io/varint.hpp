// LEB128 varints and zigzag on raw pointers. Encoders assume room for kMaxVarint bytes.
#pragma once

#include <cstdint>
#include <type_traits>

namespace kiln::io {

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

}  // namespace kiln::io
