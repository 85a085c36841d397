// The storage measure of the allocation budget (docs/FORMAT.md 6.5): what decoding a value is
// charged, defined by the format from the value's type alone, so that every decoder (native,
// wasm32, JavaScript, another language) charges the same and gives the same verdict. It is close
// to, but not, the C++ sizeof: a handle (string, container) counts 24 bytes, numbers their wire
// width, and there is no padding.
#pragma once

#include <cstddef>

#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln::detail {

// A string's or a container's handle (three pointers in the common 64-bit libraries).
inline constexpr std::size_t kHandleStorage = 24;
// A generic value (kiln::Value): a tag and an 8-byte payload or handle, rounded up.
inline constexpr std::size_t kValueStorage = 24;
// std::unique_ptr (a pointer); std::shared_ptr and std::weak_ptr (two: the object's and its
// control block's).
inline constexpr std::size_t kUniquePtrStorage = 8;
inline constexpr std::size_t kSharedPtrStorage = 16;
// The links of one node of a list, set, map or their unordered forms (four pointers).
inline constexpr std::size_t kNodeLinks = 32;

// Serializer S's storage for T: its `storage` member, or sizeof(T) for a hand-written serializer
// that declares none (such a type has no JS codec, so no other decoder has to agree).
template <class S, class T>
inline constexpr std::size_t serializer_storage = [] {
  if constexpr (requires { S::storage; })
    return std::size_t{S::storage};
  else
    return sizeof(T);
}();
template <class T>
inline constexpr std::size_t storage_of = serializer_storage<Serializer<T>, T>;

// What one element of container T is charged before it is allocated: its storage, at least 1 so
// that elements with no storage (empty structs) still count, plus a node's links.
template <class T>
inline constexpr std::size_t element_charge = [] {
  std::size_t e;
  if constexpr (is_map<T>)
    e = add_bytes(storage_of<typename T::key_type>, storage_of<typename T::mapped_type>);
  else
    e = storage_of<typename T::value_type>;
  if (e == 0) e = 1;
  return is_instance_v<T, std::vector> || is_instance_v<T, std::deque> ? e
                                                                       : add_bytes(e, kNodeLinks);
}();

// What a new object behind a pointer is charged: its type's storage, at least 1.
template <class T>
inline constexpr std::size_t object_charge = storage_of<T> == 0 ? 1 : storage_of<T>;

}  // namespace kiln::detail
