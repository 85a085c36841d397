// The adapter tier's engine side: kiln::Adapter<T> itself (documented in kiln/adapter.hpp),
// whether a type has one, its wire type, and the shape an adapter must have. It sits low in the
// ser layer so that every compile-time walk (graphs, compatible mode, the fast paths) can see
// through an adapter to its wire type.
#pragma once

#include <concepts>
#include <memory>
#include <type_traits>
#include <utility>

#include "kiln/base/result.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln {

// Specialize for a type of your own (see kiln/adapter.hpp). The specialization must be visible
// wherever the type is serialized, as for any trait.
template <class T>
struct Adapter;

namespace detail {

template <class T>
inline constexpr bool has_adapter = requires {
  typename Adapter<T>::wire_type;
};

template <class T>
using wire_type_t = typename Adapter<T>::wire_type;

// Types Kiln serializes itself: an adapter for one would compete with the built-in encoding.
template <class T>
inline constexpr bool serialized_by_kiln =
    std::is_arithmetic_v<T> || has_library_serializer<T> || is_instance_v<T, std::unique_ptr> ||
    is_instance_v<T, std::shared_ptr> || is_instance_v<T, std::weak_ptr>;

// to_wire(const T&) returns the wire type, by value or by reference; from_wire takes an rvalue
// of it and the value to fill in, and returns nothing or a Status (to reject the value).
template <class T>
concept WellFormedAdapter = requires(const T& in, T& out, wire_type_t<T>&& w) {
  requires std::same_as<wire_type_t<T>, std::remove_cvref_t<wire_type_t<T>>>;
  requires(!std::same_as<wire_type_t<T>, T>);
  requires std::same_as<std::remove_cvref_t<decltype(Adapter<T>::to_wire(in))>, wire_type_t<T>>;
  Adapter<T>::from_wire(std::move(w), out);
  requires std::is_void_v<decltype(Adapter<T>::from_wire(std::move(w), out))> ||
      std::same_as<decltype(Adapter<T>::from_wire(std::move(w), out)), Status>;
};

// Whether from_wire can refuse a wire value (it returns a Status).
template <class T>
inline constexpr bool adapter_rejects = std::same_as<
    decltype(Adapter<T>::from_wire(std::declval<wire_type_t<T>&&>(), std::declval<T&>())), Status>;

}  // namespace detail
}  // namespace kiln
