// Compile-time recognition of the standard-library families Kiln serializes.
#pragma once

#include <array>
#include <cstddef>
#include <deque>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

namespace kiln::detail {

template <class T, template <class...> class Tmpl>
struct is_instance : std::false_type {};
template <template <class...> class Tmpl, class... A>
struct is_instance<Tmpl<A...>, Tmpl> : std::true_type {};
template <class T, template <class...> class Tmpl>
inline constexpr bool is_instance_v = is_instance<T, Tmpl>::value;

template <class T>
struct is_std_array : std::false_type {};
template <class T, std::size_t N>
struct is_std_array<std::array<T, N>> : std::true_type {};

template <class T>
inline constexpr bool is_sequence =
    is_instance_v<T, std::vector> || is_instance_v<T, std::list> || is_instance_v<T, std::deque>;
template <class T>
inline constexpr bool is_set = is_instance_v<T, std::set> || is_instance_v<T, std::unordered_set>;
template <class T>
inline constexpr bool is_map = is_instance_v<T, std::map> || is_instance_v<T, std::unordered_map>;
template <class T>
inline constexpr bool is_string =
    std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view>;
template <class T>
inline constexpr bool is_tuple_like = is_instance_v<T, std::tuple> || is_instance_v<T, std::pair>;

// Types with a dedicated serializer; anything else that is an aggregate is a struct.
template <class T>
inline constexpr bool has_library_serializer =
    is_std_array<T>::value || is_sequence<T> || is_set<T> || is_map<T> || is_string<T> ||
    is_tuple_like<T> || is_instance_v<T, std::optional> || is_instance_v<T, std::variant>;

}  // namespace kiln::detail
