// StringHash: the hash of shared strings while a message is written. Strings in messages are
// mostly short; up to 16 bytes are hashed from two (overlapping) loads with no loop, several
// times cheaper than std::hash's byte loop. Longer strings use std::hash. FlatIndex mixes the
// result again and compares keys, so the hash only needs to spread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string_view>

namespace kiln::graph {

struct StringHash {
  std::size_t operator()(std::string_view s) const noexcept {
    const char* p = s.data();
    const std::size_t n = s.size();
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    if (n >= 8 && n <= 16) {
      a = load<std::uint64_t>(p);
      b = load<std::uint64_t>(p + n - 8);
    } else if (n >= 4 && n < 8) {
      a = load<std::uint32_t>(p);
      b = load<std::uint32_t>(p + n - 4);
    } else if (n > 0 && n < 4) {
      a = static_cast<unsigned char>(p[0]) |
          (std::uint64_t{static_cast<unsigned char>(p[n / 2])} << 8);
      b = static_cast<unsigned char>(p[n - 1]);
    } else if (n > 16) {
      return std::hash<std::string_view>()(s);
    }
    // wyhash's mixing step: one 64x64->128-bit multiply, folded. The length is spread over all
    // bits, so it cannot cancel a change in the low bytes of b.
    const unsigned __int128 m = static_cast<unsigned __int128>(a ^ 0x9E3779B97F4A7C15ull) *
                                (b ^ 0xD6E8FEB86659FD93ull * (n + 1));
    return static_cast<std::size_t>(static_cast<std::uint64_t>(m) ^
                                    static_cast<std::uint64_t>(m >> 64));
  }

 private:
  template <class U>
  static U load(const char* p) noexcept {
    U v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
};

}  // namespace kiln::graph
