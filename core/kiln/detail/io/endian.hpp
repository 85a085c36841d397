// Little-endian loads and stores of fixed-width values on raw pointers (no bounds checks).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace kiln::detail::io {

// Kiln's wire format is little-endian. Both targets (x86-64, wasm32) are little-endian, so these
// are plain memcpys; the byteswap branch keeps a big-endian host correct.
template <class T>
concept Fixed = std::is_trivially_copyable_v<T> &&(std::is_arithmetic_v<T> || std::is_enum_v<T>);

template <std::size_t N>
using uint_of_size = std::conditional_t<
    N == 1, std::uint8_t,
    std::conditional_t<N == 2, std::uint16_t,
                       std::conditional_t<N == 4, std::uint32_t, std::uint64_t>>>;

template <class U>
constexpr U byteswap(U v) noexcept {
  U r = 0;
  for (std::size_t i = 0; i < sizeof(U); ++i)
    r = static_cast<U>((r << 8) | ((v >> (8 * i)) & 0xff));
  return r;
}

template <Fixed T>
inline void store_le(std::uint8_t* p, T v) noexcept {
  if constexpr (std::endian::native == std::endian::little || sizeof(T) == 1) {
    std::memcpy(p, &v, sizeof(T));
  } else {
    using U = uint_of_size<sizeof(T)>;
    U u;
    std::memcpy(&u, &v, sizeof(T));
    u = byteswap(u);
    std::memcpy(p, &u, sizeof(T));
  }
}

template <Fixed T>
inline T load_le(const std::uint8_t* p) noexcept {
  T v;
  if constexpr (std::endian::native == std::endian::little || sizeof(T) == 1) {
    std::memcpy(&v, p, sizeof(T));
  } else {
    using U = uint_of_size<sizeof(T)>;
    U u;
    std::memcpy(&u, p, sizeof(T));
    u = byteswap(u);
    std::memcpy(&v, &u, sizeof(T));
  }
  return v;
}

// True when an array of T has the same bytes in memory as on the wire (bulk copy allowed).
template <class T>
inline constexpr bool kMemoryIsWire =
    std::endian::native == std::endian::little&& Fixed<T> && !std::is_same_v<T, bool> &&
    !std::is_same_v<T, wchar_t> && !std::is_same_v<T, long double>;

}  // namespace kiln::detail::io
