// The wire name of a struct or enum: the name that enters its schema fingerprint and its entry in a
// compatible-mode type table (docs/FORMAT.md 4.2, 10.2), so that two types of the same shape but
// different names do not read each other's messages.
//
// By default it is the type's own identifier, without namespaces, enclosing classes or template
// arguments (`app::v2::Person` -> "Person", `Pair<int, float>` -> "Pair"): compilers spell
// qualified and template names differently (`std::__cxx11::`, `{anonymous}` or
// `(anonymous namespace)`), and the field types enter the fingerprint anyway. A type declares
// another one, for instance to read and write the messages of a type it replaces:
//
//   struct Invoice {
//     static constexpr std::string_view kiln_name = "Order";   // reads and writes Order's messages
//     ...
//   };
//
// (public, or of any access in a class that lists its fields with KILN_FIELDS), or, for a type you
// cannot edit and for an enum, specialize kiln::WireName<T> with the same `name`. A wire name is
// 1 to 255 ASCII characters: a letter or '_', then letters, digits, '_' or '.'.
#pragma once

#include <concepts>
#include <cstddef>
#include <string_view>
#include <type_traits>

#include "kiln/detail/reflect/fields.hpp"
#include "kiln/detail/reflect/type_name.hpp"

namespace kiln {

template <class T>
struct WireName {};  // specialize: static constexpr std::string_view name = "...";

}  // namespace kiln

namespace kiln::detail::reflect {

// "ns::Outer<int>::Inner<std::string>" -> "Inner": the last component at bracket depth 0, up to
// its template arguments. Brackets of every kind count, so that "(anonymous namespace)::X",
// "{anonymous}::X" and "f()::<lambda()>::X" give "X".
constexpr std::string_view unqualified_name(std::string_view full) {
  std::size_t start = 0;
  int depth = 0;
  for (std::size_t i = 0; i < full.size(); ++i) {
    const char c = full[i];
    if (c == '<' || c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == '>' || c == ')' || c == ']' || c == '}')
      --depth;
    else if (depth == 0 && c == ':' && i + 1 < full.size() && full[i + 1] == ':')
      start = ++i + 1;
  }
  std::string_view last = full.substr(start);
  return last.substr(0, last.find('<'));
}

constexpr bool valid_wire_name(std::string_view s) {
  if (s.empty() || s.size() > 255) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    const bool later = (c >= '0' && c <= '9') || c == '.';
    if (!alpha && (i == 0 || !later)) return false;
  }
  return true;
}

template <class T>
concept DeclaresWireName = requires {
  // A static member (a field called kiln_name would give a pointer to member).
  requires std::is_pointer_v<decltype(access::declared_name<T>())>;
  requires std::convertible_to<decltype(*access::declared_name<T>()), std::string_view>;
};
template <class T>
concept SpecializesWireName = requires {
  { WireName<T>::name } -> std::convertible_to<std::string_view>;
};

// The declared name, else the unqualified identifier.
template <class T>
constexpr std::string_view wire_name_of() {
  if constexpr (DeclaresWireName<T>)
    return std::string_view(*access::declared_name<T>());
  else if constexpr (SpecializesWireName<T>)
    return std::string_view(WireName<T>::name);
  else
    return unqualified_name(type_name<T>);
}

template <class T>
constexpr std::string_view checked_wire_name() {
  constexpr bool declared = DeclaresWireName<T> || SpecializesWireName<T>;
  static_assert(declared || valid_wire_name(wire_name_of<T>()),
                "kiln: this type's identifier cannot be its wire name (an unnamed type, or "
                "characters other than ASCII letters, digits and '_'): declare one with "
                "static constexpr std::string_view kiln_name = \"...\"; or kiln::WireName<T>");
  static_assert(!declared || valid_wire_name(wire_name_of<T>()),
                "kiln: a wire name (kiln_name or kiln::WireName<T>::name) is 1 to 255 ASCII "
                "characters: a letter or '_', then letters, digits, '_' or '.'");
  return wire_name_of<T>();
}

template <class T>
inline constexpr std::string_view wire_name = checked_wire_name<T>();

}  // namespace kiln::detail::reflect
