// One view of a struct's fields, whether it is an aggregate (Boost.PFR, no boilerplate) or a class
// that lists its fields with KILN_FIELDS (private members allowed).
//   field_count<T>, get_field<I>(obj), field_name<T, I>, for_each_field(obj, f)
#pragma once

#include <boost/pfr/core.hpp>
#include <boost/pfr/tuple_size.hpp>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "kiln/base/inline.hpp"
#include "kiln/detail/reflect/field_name.hpp"
#include "kiln/detail/reflect/pp_map.hpp"

namespace kiln::detail::reflect {

// Grants the library access to a class's KILN_FIELDS members (declared a friend by the macro).
struct access {
  // Trailing return types keep these SFINAE-friendly for the ListedFields concept.
  template <class T>
  static constexpr auto members() -> decltype(T::kiln_members_()) {
    return T::kiln_members_();
  }
  template <class T>
  static constexpr auto member_names() -> decltype(T::kiln_member_names_()) {
    return T::kiln_member_names_();
  }
  // std::tuple<Bases...>* (a null pointer); its type names the base classes.
  template <class T>
  static constexpr auto bases() -> decltype(T::kiln_bases_()) {
    return T::kiln_bases_();
  }
  // Type* for the class whose body holds the listing (a derived class without its own inherits
  // its base's).
  template <class T>
  static constexpr auto listing_owner() -> decltype(T::kiln_self_()) {
    return T::kiln_self_();
  }
  // &T::kiln_name, the type's declared wire name (kiln/detail/reflect/wire_name.hpp), which a
  // class listing its fields may keep private.
  template <class T>
  static constexpr auto declared_name() -> decltype(&T::kiln_name) {
    return &T::kiln_name;
  }
};

template <class T>
concept ListedFields = requires {
  access::template members<T>();
};

template <class T>
concept Reflectable = ListedFields<T> ||
    (std::is_aggregate_v<T>&& std::is_class_v<T> && !std::is_union_v<T>);

// The base classes whose fields come first (KILN_FIELDS_WITH_BASES), as a std::tuple type.
template <class T, bool = ListedFields<T>>
struct bases_impl {
  using type = std::tuple<>;
};
template <class T>
struct bases_impl<T, true> {
  using type = std::remove_pointer_t<decltype(access::template bases<T>())>;
};
template <class T>
using bases_of = typename bases_impl<T>::type;

template <class T>
inline constexpr std::size_t field_count = [] {
  if constexpr (ListedFields<T>)
    return std::tuple_size_v<decltype(access::template members<T>())>;
  else
    return boost::pfr::tuple_size_v<T>;
}();

template <std::size_t I, class T>
constexpr decltype(auto) get_field(T& obj) {
  using Plain = std::remove_const_t<T>;
  if constexpr (ListedFields<Plain>)
    return obj.*std::get<I>(access::template members<Plain>());
  else
    return boost::pfr::get<I>(obj);
}

template <class T, std::size_t I>
using field_type = std::remove_cvref_t<decltype(get_field<I>(std::declval<T&>()))>;

template <class T, std::size_t I>
inline constexpr std::string_view field_name = [] {
  if constexpr (ListedFields<T>)
    return detail::nth_listed_name(access::template member_names<T>(), I);
  else
    return detail::aggregate_field_name<T, I>();
}();

// Calls f(std::integral_constant<size_t, I>) for each field index, in order.
template <class T, class F>
KILN_INLINE constexpr void for_each_index(F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) KILN_INLINE {
    (f(std::integral_constant<std::size_t, I>{}), ...);
  }
  (std::make_index_sequence<field_count<T>>{});
}

// Like for_each_index, but stops at the first call returning false; returns false if any did.
template <class T, class F>
KILN_INLINE constexpr bool all_indices(F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) KILN_INLINE {
    return (f(std::integral_constant<std::size_t, I>{}) && ...);
  }
  (std::make_index_sequence<field_count<T>>{});
}

}  // namespace kiln::detail::reflect

#define KILN_DETAIL_MEMBER_PTR(Type, field) &Type::field

#define KILN_DETAIL_UNPAREN(...) __VA_ARGS__
#define KILN_DETAIL_FIELDS(Type, BasesTuple, ...)                                     \
  friend struct ::kiln::detail::reflect::access;                                      \
  static constexpr Type* kiln_self_() {                                               \
    return nullptr;                                                                   \
  }                                                                                   \
  static constexpr BasesTuple* kiln_bases_() {                                        \
    return nullptr;                                                                   \
  }                                                                                   \
  static constexpr auto kiln_members_() {                                             \
    return ::std::make_tuple(KILN_PP_MAP(KILN_DETAIL_MEMBER_PTR, Type, __VA_ARGS__)); \
  }                                                                                   \
  static constexpr ::std::string_view kiln_member_names_() {                          \
    return #__VA_ARGS__;                                                              \
  }

// Lists a class's serialized fields, in wire order; put it inside the class body (private fields
// allowed): KILN_FIELDS(Point, x_, y_)
#define KILN_FIELDS(Type, ...) KILN_DETAIL_FIELDS(Type, ::std::tuple<>, __VA_ARGS__)

// The same for a derived class: the bases' fields (each base listed with KILN_FIELDS or
// KILN_FIELDS_WITH_BASES itself) come first, in the order named, then the class's own fields:
//   KILN_FIELDS_WITH_BASES(TestClass, (TestBaseClass), m_int, m_object1, m_object2)
#define KILN_FIELDS_WITH_BASES(Type, Bases, ...) \
  KILN_DETAIL_FIELDS(Type, ::std::tuple<KILN_DETAIL_UNPAREN Bases>, __VA_ARGS__)
