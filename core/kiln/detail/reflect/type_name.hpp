// Compile-time type names, for error messages ("reading Foo ...").
#pragma once

#include <string_view>

namespace kiln::detail::reflect {
namespace detail {
template <class T>
constexpr std::string_view pretty_type() {
  return __PRETTY_FUNCTION__;
}
// gcc: "... [with T = Foo; std::string_view = ...]"; clang: "... [T = Foo]"
constexpr std::string_view type_from_pretty(std::string_view s) {
  std::size_t b = s.find("T = ");
  if (b == std::string_view::npos) return s;
  b += 4;
  std::size_t e = s.find_first_of(";]", b);
  return s.substr(b, e - b);
}
}  // namespace detail

template <class T>
inline constexpr std::string_view type_name = detail::type_from_pretty(detail::pretty_type<T>());

}  // namespace kiln::detail::reflect
