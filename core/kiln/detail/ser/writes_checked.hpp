// writes_checked<T, M>: whether every part of T can be written by write_into, without a Writer:
// bounded types, and strings, containers, optionals, tuples, variants, structs and adapted types
// (kiln/adapter.hpp) of such parts.
// Not pointers or generic values (their writers keep state in the Writer), nor a type of the
// user's own without a write_checked. Decided at compile time; like needs_graph, deep or
// recursive types are cut off at a fixed depth and answered "no".
#pragma once

#include <tuple>
#include <utility>
#include <variant>

#include "kiln/detail/reflect/fields.hpp"
#include "kiln/detail/ser/adapter.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln {
namespace detail {

template <class T, class M, int Depth>
constexpr bool writes_checked_at();

template <class Tuple, class M, int Depth>
constexpr bool all_of_tuple_write_checked() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return (true && ... && writes_checked_at<std::tuple_element_t<I, Tuple>, M, Depth + 1>());
  }
  (std::make_index_sequence<std::tuple_size_v<Tuple>>{});
}

template <class T, class M, int Depth>
constexpr bool writes_checked_at() {
  using S = Serializer<T>;
  if constexpr (Depth > 8) {
    return false;
  } else if constexpr (S::template max_bytes<M> != kUnbounded) {
    return true;  // write_raw after one room check
  } else if constexpr (!requires(std::uint8_t * p, const T& v) {
                         { S::template write_checked<M>(p, p, v) } -> std::same_as<std::uint8_t*>;
                       }) {
    return false;
  } else if constexpr (has_adapter<T>) {
    return writes_checked_at<wire_type_t<T>, M, Depth + 1>();  // written as its wire type
  } else if constexpr (is_map<T>) {
    return writes_checked_at<typename T::key_type, M, Depth + 1>() &&
           writes_checked_at<typename T::mapped_type, M, Depth + 1>();
  } else if constexpr (is_sequence<T> || is_set<T> || is_std_array<T>::value ||
                       is_instance_v<T, std::optional>) {
    return writes_checked_at<typename T::value_type, M, Depth + 1>();
  } else if constexpr (is_tuple_like<T>) {
    return all_of_tuple_write_checked<T, M, Depth>();
  } else if constexpr (is_instance_v<T, std::variant>) {
    return []<class... A>(std::variant<A...>*) {
      return (true && ... && writes_checked_at<A, M, Depth + 1>());
    }(static_cast<T*>(nullptr));
  } else if constexpr (requires { typename S::reflected_struct; }) {
    const bool fields = []<std::size_t... I>(std::index_sequence<I...>) {
      return (true && ... && writes_checked_at<detail::reflect::field_type<T, I>, M, Depth + 1>());
    }
    (std::make_index_sequence<detail::reflect::field_count<T>>{});
    return fields && all_of_tuple_write_checked<detail::reflect::bases_of<T>, M, Depth>();
  } else {
    return true;  // strings, and types of the user's own that have a write_checked
  }
}

}  // namespace detail

template <class T, class M>
inline constexpr bool writes_checked = detail::writes_checked_at<T, M, 0>();

}  // namespace kiln
