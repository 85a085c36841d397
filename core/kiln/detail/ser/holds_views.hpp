// holds_views<T>: whether a decoded T can point into the message it was read from (a
// std::string_view or std::span<const byte> anywhere in it), so that the codec can refuse, at
// compile time, to decode it from a temporary buffer that dies at the end of the call.
#pragma once

#include <string_view>

#include "kiln/detail/ser/any_part.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln::detail {

struct ViewPolicy {
  template <class T>
  static constexpr Pick pick() {
    if constexpr (std::is_same_v<T, std::string_view> || is_span<T>)
      return Pick::kYes;
    else if constexpr (is_string<T>)
      return Pick::kNo;
    else
      return Pick::kLook;
  }
  // Unseen parts are taken to own their data: the check protects, it does not forbid.
  static constexpr bool kDeep = false;
  static constexpr bool kUnknown = false;
};

template <class T>
inline constexpr bool holds_views = any_part<ViewPolicy, T>();

}  // namespace kiln::detail
