// supported<T>(): a compile-time check that stops the build with a message saying what to do,
// rather than an "incomplete type" or "no member" error deep inside a serializer, when T holds
// a type Kiln cannot serialize, a malformed kiln::Adapter, or a hand-written Serializer that
// lacks members of the protocol. The codec checks its root type and each struct serializer its
// fields: the walk goes through containers, optionals, variants, tuples, pointers and adapters
// and stops at the next struct, whose own serializer checks its fields. The "In instantiation
// of ... [with T = ...]" line above a failed check names the type.
//
// The walk makes no serializer of a family or a struct (a recursive type's may be the one being
// made), and tells the others apart by their members, not by the Serializable concept, whose
// answer the compiler would remember.
#pragma once

#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

#include "kiln/detail/reflect/fields.hpp"
#include "kiln/detail/ser/adapter.hpp"
#include "kiln/detail/ser/protocol.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln::detail {

template <class T>
constexpr bool no_serializer_for() {
  static_assert(!std::is_same_v<T, T>,
                "kiln: T cannot be serialized: list its fields with KILN_FIELDS(T, ...), make it "
                "an aggregate, or specialize kiln::Adapter<T> (kiln/adapter.hpp)");
  return false;
}

template <class T>
constexpr bool no_view_for() {
  static_assert(!std::is_same_v<T, T>,
                "kiln: only std::span<const E> with one-byte elements (uint8_t, int8_t, char, "
                "std::byte) can be read as a view into the message; for other elements use "
                "std::vector<E>, which is copied in one go (docs/FORMAT.md 5.4)");
  return false;
}

template <class T>
constexpr bool adapter_checked() {
  static_assert(!serialized_by_kiln<T>,
                "kiln: kiln::Adapter<T> is specialized for a type Kiln serializes itself (a "
                "number, string, container, optional, variant, tuple or pointer): adapt a type of "
                "your own that holds it");
  static_assert(WellFormedAdapter<T>,
                "kiln: kiln::Adapter<T> needs `using wire_type = W;` (a type Kiln serializes, not "
                "T), `static W to_wire(const T&)` (or returning const W&) and "
                "`static void from_wire(W&&, T&)` (or returning kiln::Status to reject a value)");
  return !serialized_by_kiln<T> && WellFormedAdapter<T>;
}

template <class T>
constexpr bool protocol_checked() {
  static_assert(SerializerFor<Serializer<T>, T>,
                "kiln: kiln::Serializer<T> lacks members of the protocol (kiln/serializer.hpp; the "
                "notes below name them), or specialize kiln::Adapter<T> instead "
                "(kiln/adapter.hpp)");
  return SerializerFor<Serializer<T>, T>;
}

template <class T, int Depth>
constexpr bool supported();

template <class Tuple, int Depth>
constexpr bool all_supported() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return (true && ... && supported<std::tuple_element_t<I, Tuple>, Depth + 1>());
  }
  (std::make_index_sequence<std::tuple_size_v<Tuple>>{});
}

template <class T, int Depth>
constexpr bool supported() {
  if constexpr (Depth > 8) {
    return true;  // deep or recursive: the structs on the way check their own fields
  } else if constexpr (has_adapter<T>) {
    if constexpr (adapter_checked<T>())
      return supported<wire_type_t<T>, Depth + 1>();
    else
      return false;
  } else if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T> || is_string<T> ||
                       is_byte_span<T>) {
    return true;
  } else if constexpr (is_span<T>) {
    return no_view_for<T>();
  } else if constexpr (is_instance_v<T, std::unique_ptr> || is_instance_v<T, std::shared_ptr> ||
                       is_instance_v<T, std::weak_ptr>) {
    return supported<typename T::element_type, Depth + 1>();
  } else if constexpr (is_map<T>) {
    return supported<typename T::key_type, Depth + 1>() &&
           supported<typename T::mapped_type, Depth + 1>();
  } else if constexpr (is_sequence<T> || is_set<T> || is_std_array<T>::value ||
                       is_instance_v<T, std::optional>) {
    return supported<typename T::value_type, Depth + 1>();
  } else if constexpr (is_tuple_like<T>) {
    return all_supported<T, Depth>();
  } else if constexpr (is_instance_v<T, std::variant>) {
    return []<class... A>(std::variant<A...>*) {
      return (true && ... && supported<A, Depth + 1>());
    }(static_cast<T*>(nullptr));
  } else if constexpr (reflect::Reflectable<T>) {
    return true;  // a struct: its serializer checks its fields when it is made
  } else if constexpr (requires { typename Serializer<T>::kiln_no_serializer; }) {
    return no_serializer_for<T>();
  } else if constexpr (requires { Serializer<T>::min_bytes; }) {
    return protocol_checked<T>();  // written by hand
  } else {
    return true;  // a hand-written serializer still being defined (a recursive type's)
  }
}

// Every field of struct T (its bases are structs, which check their own).
template <class T>
constexpr bool fields_supported() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return (true && ... && supported<reflect::field_type<T, I>, 1>());
  }
  (std::make_index_sequence<reflect::field_count<T>>{});
}

}  // namespace kiln::detail
