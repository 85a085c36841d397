// A unique address per C++ type, usable at run time without RTTI lookups: comparing two keys is
// one pointer compare. Used to check that a back-reference points at an object of the type the
// reading field expects.
#pragma once

namespace kiln::detail::graph {

using TypeKey = const void*;

namespace detail {
template <class T>
inline constexpr char type_key_anchor = 0;
}  // namespace detail

template <class T>
inline constexpr TypeKey type_key = &detail::type_key_anchor<T>;

}  // namespace kiln::detail::graph
