// needs_graph<T>: whether encoding T can meet a pointer, so the codec must set up object-graph
// state (type registry, reference table) for it. Decided at compile time; a type without
// pointers pays nothing. Recursive types are cut off at a fixed depth and answered "yes".
#pragma once

#include <memory>
#include <type_traits>

#include "kiln/detail/ser/any_part.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln::detail::graph {

struct PointerPolicy {
  template <class T>
  static constexpr Pick pick() {
    if constexpr (is_instance_v<T, std::unique_ptr> || is_instance_v<T, std::shared_ptr> ||
                  is_instance_v<T, std::weak_ptr>)
      return Pick::kYes;
    else if constexpr (is_string<T> || is_span<T>)
      return Pick::kNo;
    else
      return Pick::kLook;
  }
  static constexpr bool kDeep = true;     // deep or recursive: assume so
  static constexpr bool kUnknown = true;  // a hand-written serializer may write pointers
};

template <class T>
inline constexpr bool needs_graph = any_part<PointerPolicy, T>();

}  // namespace kiln::detail::graph
