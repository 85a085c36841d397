// any_part<Policy, T>(): whether some part of T (T itself, an element, a field, a base, a
// pointee, an adapter's wire type, ...) is one the policy picks, decided at compile time. One
// walk for the questions the codec asks about a type (does it meet a pointer? does it hold a
// view?). Policy::pick<U>() answers for one part: kYes, kNo, or kLook (look inside it);
// Policy::kDeep answers for parts deeper than 8 levels (recursive types), Policy::kUnknown for
// a type with a hand-written serializer, whose parts the walk cannot see.
#pragma once

#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

#include "kiln/detail/reflect/fields.hpp"
#include "kiln/detail/ser/adapter.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln::detail {

enum class Pick { kYes, kNo, kLook };

template <class Policy, class T, int Depth = 0>
constexpr bool any_part();

template <class Policy, class Tuple, int Depth>
constexpr bool any_tuple_part() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return (false || ... || any_part<Policy, std::tuple_element_t<I, Tuple>, Depth + 1>());
  }
  (std::make_index_sequence<std::tuple_size_v<Tuple>>{});
}

template <class Policy, class T, int Depth>
constexpr bool any_part() {
  constexpr Pick pick = Policy::template pick<T>();
  if constexpr (pick != Pick::kLook) {
    return pick == Pick::kYes;
  } else if constexpr (Depth > 8) {
    return Policy::kDeep;
  } else if constexpr (has_adapter<T>) {
    return any_part<Policy, wire_type_t<T>, Depth + 1>();  // written as its wire type
  } else if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
    return false;
  } else if constexpr (is_instance_v<T, std::unique_ptr> || is_instance_v<T, std::shared_ptr> ||
                       is_instance_v<T, std::weak_ptr>) {
    return any_part<Policy, typename T::element_type, Depth + 1>();
  } else if constexpr (is_map<T>) {
    return any_part<Policy, typename T::key_type, Depth + 1>() ||
           any_part<Policy, typename T::mapped_type, Depth + 1>();
  } else if constexpr (is_sequence<T> || is_set<T> || is_std_array<T>::value ||
                       is_instance_v<T, std::optional>) {
    return any_part<Policy, typename T::value_type, Depth + 1>();
  } else if constexpr (is_tuple_like<T>) {
    return any_tuple_part<Policy, T, Depth>();
  } else if constexpr (is_instance_v<T, std::variant>) {
    return []<class... A>(std::variant<A...>*) {
      return (false || ... || any_part<Policy, A, Depth + 1>());
    }(static_cast<T*>(nullptr));
  } else if constexpr (reflect::Reflectable<T>) {
    bool fields = []<std::size_t... I>(std::index_sequence<I...>) {
      return (false || ... || any_part<Policy, reflect::field_type<T, I>, Depth + 1>());
    }
    (std::make_index_sequence<reflect::field_count<T>>{});
    return fields || any_tuple_part<Policy, reflect::bases_of<T>, Depth>();
  } else {
    return Policy::kUnknown;
  }
}

}  // namespace kiln::detail
