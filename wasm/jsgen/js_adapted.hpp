// JS for types with a kiln::Adapter (kiln/adapter.hpp): on the wire such a type is its wire
// type, so in JS it is that type too, with its codec and TypeScript type (a vector of an id
// adapted to uint64 is a BigUint64Array, as a vector of uint64 is). The adapter's from_wire runs
// in C++ only: JS reads a wire value that from_wire would reject as that wire value.
#pragma once

#include <type_traits>

#include "js_types.hpp"

namespace kiln::jsgen {
namespace detail {

template <class T>
inline constexpr bool is_adapted =
    kiln::detail::has_adapter<T> && !kiln::detail::serialized_by_kiln<T>;

// T with its adapters taken off: what T is in JS.
template <class T, bool = is_adapted<T>>
struct js_wire {
  using type = T;
};
template <class T>
struct js_wire<T, true> {
  using type = typename js_wire<kiln::detail::wire_type_t<T>>::type;
};
template <class T>
using js_wire_t = typename js_wire<T>::type;

}  // namespace detail

template <class T>
struct Js<T, std::enable_if_t<detail::is_adapted<T>>> : Js<kiln::detail::wire_type_t<T>> {};

}  // namespace kiln::jsgen
