// What the A/B harnesses need to build against any Kiln tree, older ones included.
#pragma once

#include <kiln/kiln.hpp>

#include <cstdint>
#include <span>

namespace kiln_ab {

// The API changed between versions: serialize_view returns a Result since 1.0.
#if __has_include(<kiln/base/result.hpp>)
template <class R>
std::span<const std::uint8_t> bytes_of(const R& r) {
  return r.value();
}
#else
inline std::span<const std::uint8_t> bytes_of(std::span<const std::uint8_t> s) {
  return s;
}
#endif

}  // namespace kiln_ab
