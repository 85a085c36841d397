// std::vector, std::list, std::deque: varint count, then the elements. Vectors of numbers whose
// memory layout is their wire layout are copied in bulk.
#pragma once

#include <iterator>

#include "kiln/detail/ser/adapter.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/storage.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln {
namespace detail {

// True when a contiguous run of E can be memcpy'd to and from the wire in mode M. Not for an
// adapted enum, whose adapter decides its wire value.
template <class E, class M>
inline constexpr bool bulk_copyable =
    !has_adapter<E> && detail::io::kMemoryIsWire<E> && Serializer<E>::template exact<M> &&
    Serializer<E>::template max_bytes<M> == sizeof(E);

// Writes n elements from [first, last). Bounded elements share one capacity check.
template <class M, class It>
inline void write_elements(detail::io::Writer& w, It first, It last, std::size_t n) {
  // value_type, not decltype(*first): a vector<bool> iterator yields a proxy (in libc++ even the
  // const_iterator does).
  using E = typename std::iterator_traits<It>::value_type;
  constexpr std::size_t kMax = Serializer<E>::template max_bytes<M>;
  if constexpr (kMax != kUnbounded) {
    w.ensure(kMax * n);
    std::uint8_t* p = w.cursor();
    for (; first != last; ++first) Serializer<E>::template write_raw<M>(p, *first);
    w.advance_to(p);
  } else {
    for (; first != last; ++first) Serializer<E>::template write<M>(w, *first);
  }
}

// write_checked's counterpart of the Writer's count and write_elements: the count, then n
// elements from [first, last), bounded ones after one room check for all of them. Like every
// write_checked, it asks for no more room at any point than the Writer does at the same point,
// so a message that the Writer wrote into a buffer without growing it fits that buffer here:
// serialize_view's fallback to the Writer leaves its buffer big enough for the direct way.
template <class M, class It>
inline std::uint8_t* write_elements_checked(std::uint8_t* p, std::uint8_t* end, It first, It last,
                                            std::size_t n) {
  using E = typename std::iterator_traits<It>::value_type;
  constexpr std::size_t kMax = Serializer<E>::template max_bytes<M>;
  if (static_cast<std::size_t>(end - p) < detail::io::kMaxVarint64) return nullptr;
  p = detail::io::put_varint(p, n);
  if constexpr (kMax != kUnbounded) {
    // Divided, not multiplied: n * kMax may not fit a 32-bit size_t (wasm).
    if constexpr (kMax != 0)
      if (static_cast<std::size_t>(end - p) / kMax < n) return nullptr;
    for (; first != last; ++first) Serializer<E>::template write_raw<M>(p, *first);
  } else {
    for (; first != last && p; ++first) p = detail::write_into<M>(p, end, *first);
  }
  return p;
}

// Reads a count prefix for the elements of container T, bounded by the input and the limits
// and charged to the message's allocation budget.
template <class T>
inline bool read_count(detail::Reader& r, std::size_t& n, const char* what) {
  return r.read_length(n, Serializer<typename T::value_type>::min_bytes,
                       r.limits().max_collection_length, what, element_charge<T>);
}

}  // namespace detail

template <class T>
struct Serializer<T, std::enable_if_t<detail::is_sequence<T>>> {
  using E = typename T::value_type;
  static constexpr std::size_t min_bytes = 1;
  static constexpr std::size_t storage = detail::kHandleStorage;
  template <class M>
  static constexpr std::size_t max_bytes = kUnbounded;
  template <class M>
  static constexpr bool exact = false;

  static constexpr void fingerprint(detail::Hasher& h) {
    h.add("seq(");
    Serializer<E>::fingerprint(h);
    h.add(")");
  }

  template <class M>
  static void write(detail::io::Writer& w, const T& v) {
    w.write_varint(v.size());
    if constexpr (detail::is_instance_v<T, std::vector> && detail::bulk_copyable<E, M>)
      w.write_bytes(v.data(), v.size() * sizeof(E));
    else
      detail::write_elements<M>(w, v.begin(), v.end(), v.size());
  }

  template <class M>
  static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end, const T& v) {
    if constexpr (detail::is_instance_v<T, std::vector> && detail::bulk_copyable<E, M>) {
      const std::size_t bytes = v.size() * sizeof(E);
      if (static_cast<std::size_t>(end - p) < detail::io::kMaxVarint64) return nullptr;
      p = detail::io::put_varint(p, v.size());
      if (static_cast<std::size_t>(end - p) < bytes) return nullptr;
      detail::io::copy_bytes(p, reinterpret_cast<const std::uint8_t*>(v.data()), bytes);
      return p + bytes;
    } else {
      return detail::write_elements_checked<M>(p, end, v.begin(), v.end(), v.size());
    }
  }

  template <class M>
  static bool read(detail::Reader& r, T& v) {
    std::size_t n = 0;
    if (!detail::read_count<T>(r, n, "sequence length")) return false;
    // Vectors are resized, not cleared: elements decoded into a reused vector keep their
    // capacity (a string's buffer, a nested vector's storage), so steady-state decoding of the
    // same shape allocates nothing.
    if constexpr (!detail::is_instance_v<T, std::vector>) v.clear();
    if constexpr (detail::is_instance_v<T, std::vector> && detail::bulk_copyable<E, M>) {
      if (!r.need(n * sizeof(E), "sequence elements")) return false;
      v.resize(n);
      if (n) std::memcpy(v.data(), r.cursor(), n * sizeof(E));
      r.advance_to(r.cursor() + n * sizeof(E));
      return true;
    } else if constexpr (std::is_same_v<T, std::vector<bool>>) {
      v.clear();
      v.reserve(n);
      for (std::size_t i = 0; i < n; ++i) {
        bool b = false;
        if (!Serializer<bool>::read<M>(r, b)) return false;
        v.push_back(b);
      }
      return true;
    } else if constexpr (detail::is_instance_v<T, std::vector>) {
      v.resize(n);
      for (auto& e : v)
        if (!Serializer<E>::template read<M>(r, e)) return false;
      return true;
    } else {
      for (std::size_t i = 0; i < n; ++i)
        if (!Serializer<E>::template read<M>(r, v.emplace_back())) return false;
      return true;
    }
  }
};

}  // namespace kiln
