// The named values of an enum, found at compile time from the compiler's spelling of a value as
// a template argument: clang writes `[V = kiln::ErrorCode::kTruncated]` for an enumerator and
// `[V = (kiln::ErrorCode)23]` for a value no enumerator has. A new enumerator is found without
// being listed anywhere.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace kiln::jsgen {
namespace detail {

template <auto V>
constexpr std::string_view pretty_value() {
  return __PRETTY_FUNCTION__;
}

// The enumerator's name without its scope, or "" when V has none.
template <auto V>
std::string_view enumerator_name() {
  std::string_view s = pretty_value<V>();
  std::size_t b = s.find("V = ");
  if (b == std::string_view::npos) return {};
  b += 4;
  std::string_view v = s.substr(b, s.find_first_of(";]", b) - b);
  if (v.empty() || v[0] == '(') return {};
  std::size_t colon = v.rfind("::");
  return colon == std::string_view::npos ? v : v.substr(colon + 2);
}

}  // namespace detail

struct Enumerator {
  std::string name;
  int value;
};

// Every enumerator of E (an enum on 8 bits, so all its values are tried), by value.
template <class E>
std::vector<Enumerator> enumerators() {
  static_assert(std::is_same_v<std::underlying_type_t<E>, std::uint8_t>,
                "all values of an 8-bit enum can be tried");
  std::vector<Enumerator> out;
  auto add = [&]<std::size_t I>() {
    std::string_view name = detail::enumerator_name<static_cast<E>(I)>();
    if (!name.empty()) out.push_back({std::string(name), static_cast<int>(I)});
  };
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (add.template operator()<I>(), ...);
  }
  (std::make_index_sequence<256>{});
  return out;
}

}  // namespace kiln::jsgen
