// needs_graph<T>: whether encoding T can meet a pointer, so the codec must set up object-graph
// state (type registry, reference table) for it. Decided at compile time; a type without
// pointers pays nothing. Recursive types are cut off at a fixed depth and answered "yes".
#pragma once

#include <memory>
#include <type_traits>
#include <utility>
#include <variant>

#include "kiln/detail/reflect/fields.hpp"
#include "kiln/detail/ser/adapter.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln::detail::graph {
namespace detail {

using namespace ::kiln::detail;

template <class T, int Depth>
constexpr bool needs();

template <class Tuple, int Depth>
constexpr bool any_of_tuple() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return (false || ... || needs<std::tuple_element_t<I, Tuple>, Depth + 1>());
  }
  (std::make_index_sequence<std::tuple_size_v<Tuple>>{});
}

template <class T, int Depth>
constexpr bool any_field() {
  if constexpr (!reflect::Reflectable<T>) {
    return true;
  } else {
    bool fields = []<std::size_t... I>(std::index_sequence<I...>) {
      return (false || ... || needs<reflect::field_type<T, I>, Depth + 1>());
    }
    (std::make_index_sequence<reflect::field_count<T>>{});
    return fields || any_of_tuple<reflect::bases_of<T>, Depth>();
  }
}

template <class T, int Depth>
constexpr bool needs() {
  if constexpr (Depth > 8) {
    return true;  // deep or recursive: assume so
  } else if constexpr (has_adapter<T>) {
    return needs<wire_type_t<T>, Depth + 1>();  // written as its wire type
  } else if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T> || is_string<T>) {
    return false;
  } else if constexpr (is_instance_v<T, std::unique_ptr> || is_instance_v<T, std::shared_ptr> ||
                       is_instance_v<T, std::weak_ptr>) {
    return true;
  } else if constexpr (is_map<T>) {
    return needs<typename T::key_type, Depth + 1>() || needs<typename T::mapped_type, Depth + 1>();
  } else if constexpr (is_sequence<T> || is_set<T> || is_std_array<T>::value ||
                       is_instance_v<T, std::optional>) {
    return needs<typename T::value_type, Depth + 1>();
  } else if constexpr (is_tuple_like<T>) {
    return any_of_tuple<T, Depth>();
  } else if constexpr (is_instance_v<T, std::variant>) {
    return []<class... A>(std::variant<A...>*) {
      return (false || ... || needs<A, Depth + 1>());
    }(static_cast<T*>(nullptr));
  } else {
    return any_field<T, Depth>();  // structs; anything unknown is assumed to need it
  }
}

}  // namespace detail

template <class T>
inline constexpr bool needs_graph = detail::needs<T, 0>();

}  // namespace kiln::detail::graph
