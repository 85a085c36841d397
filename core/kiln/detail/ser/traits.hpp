// Compile-time recognition of the standard-library families Kiln serializes.
#pragma once

#include <array>
#include <cstddef>
#include <deque>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <span>
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
// std::span<const E>, read as a view into the message (types/span.hpp). Only elements that may
// alias the input's bytes: one-byte integers, char and std::byte. Any other span is recognised
// so that it can be refused with a message (supported.hpp).
template <class T>
inline constexpr bool is_span = false;
template <class E, std::size_t N>
inline constexpr bool is_span<std::span<E, N>> = true;
template <class E>
inline constexpr bool is_view_byte =
    std::is_same_v<E, unsigned char> || std::is_same_v<E, signed char> || std::is_same_v<E, char> ||
    std::is_same_v<E, std::byte>;
template <class T>
inline constexpr bool is_byte_span = false;
template <class E>
inline constexpr bool is_byte_span<std::span<const E>> = is_view_byte<E>;
template <class T>
inline constexpr bool is_tuple_like = is_instance_v<T, std::tuple> || is_instance_v<T, std::pair>;

// Types with a dedicated serializer; anything else that is an aggregate is a struct.
template <class T>
inline constexpr bool has_library_serializer =
    is_std_array<T>::value || is_sequence<T> || is_set<T> || is_map<T> || is_string<T> ||
    is_tuple_like<T> || is_instance_v<T, std::optional> || is_instance_v<T, std::variant> ||
    is_span<T>;

}  // namespace kiln::detail
