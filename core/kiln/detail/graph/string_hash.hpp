// StringHash, StringEq: the hash and equality of shared strings while a message is written. Strings
// in messages are mostly short; up to 16 bytes are hashed from two (overlapping) loads with no
// loop, several times cheaper than std::hash's byte loop. Longer strings use std::hash. FlatIndex
// mixes the result again and compares keys, so the hash only needs to spread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string_view>

#include "kiln/base/inline.hpp"
#include "kiln/detail/io/endian.hpp"
#include "kiln/detail/io/equal_bytes.hpp"

namespace kiln::detail::graph {

namespace detail {
// An unaligned load of a string's bytes (io::load_le: the same value on every platform).
template <class U>
inline U load(const char* p) noexcept {
  return io::load_le<U>(reinterpret_cast<const std::uint8_t*>(p));
}
// Strings over 16 bytes: std::hash, out of line. Inlined, it took the view's address, and in
// wasm that kept every key in linear memory for the short strings too.
[[gnu::noinline]] inline std::size_t hash_long(const char* p, std::size_t n) noexcept {
  return std::hash<std::string_view>()(std::string_view(p, n));
}
}  // namespace detail

struct StringHash {
  static constexpr std::uint64_t rotate(std::uint64_t x) noexcept { return x << 31 | x >> 33; }

  std::size_t operator()(std::string_view s) const noexcept {
    const char* p = s.data();
    const std::size_t n = s.size();
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    if (n >= 8 && n <= 16) {
      a = detail::load<std::uint64_t>(p);
      b = detail::load<std::uint64_t>(p + n - 8);
    } else if (n >= 4 && n < 8) {
      a = detail::load<std::uint32_t>(p);
      b = detail::load<std::uint32_t>(p + n - 4);
    } else if (n > 0 && n < 4) {
      a = static_cast<unsigned char>(p[0]) |
          (std::uint64_t{static_cast<unsigned char>(p[n / 2])} << 8);
      b = static_cast<unsigned char>(p[n - 1]);
    } else if (n > 16) {
      return detail::hash_long(p, n);
    }
    // Two 64-bit multiplies (no 128-bit product: that is a library call in wasm); the length
    // is spread over all bits, so it cannot cancel a change in the low bytes of b.
    const std::uint64_t h = (a * 0x9E3779B97F4A7C15ull) ^
                            rotate((b + (n + 1) * 0xD6E8FEB86659FD93ull) * 0xFF51AFD7ED558CCDull);
    return static_cast<std::size_t>(h ^ (h >> 32));
  }
};

// Equality of shared strings and of a reused map's keys: up to 16 bytes compared with the same
// overlapping loads as StringHash, up to 64 in 8-byte words (the last one overlapping), rather
// than a memcmp call, which is a byte loop in wasm's libc.
struct StringEq {
  KILN_INLINE bool operator()(std::string_view x, std::string_view y) const noexcept {
    const std::size_t n = x.size();
    if (n != y.size()) return false;
    if (n >= 8 && n <= 16)
      return detail::load<std::uint64_t>(x.data()) == detail::load<std::uint64_t>(y.data()) &&
             detail::load<std::uint64_t>(x.data() + n - 8) ==
                 detail::load<std::uint64_t>(y.data() + n - 8);
    if (n >= 4 && n < 8)
      return detail::load<std::uint32_t>(x.data()) == detail::load<std::uint32_t>(y.data()) &&
             detail::load<std::uint32_t>(x.data() + n - 4) ==
                 detail::load<std::uint32_t>(y.data() + n - 4);
    if (n < 4)  // first, middle and last byte cover 1 to 3 (a memcmp call is a byte loop in wasm)
      return n == 0 || (x[0] == y[0] && x[n >> 1] == y[n >> 1] && x[n - 1] == y[n - 1]);
    if (n <= 64)
      return io::equal_bytes(reinterpret_cast<const std::uint8_t*>(x.data()),
                             reinterpret_cast<const std::uint8_t*>(y.data()), n);
    return std::memcmp(x.data(), y.data(), n) == 0;
  }
};

}  // namespace kiln::detail::graph
