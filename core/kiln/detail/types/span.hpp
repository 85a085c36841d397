// std::span<const E> with one-byte elements (uint8_t, int8_t, char, std::byte): the wire form of
// std::vector<E> (varint count, then the bytes), read as a view into the message instead of a
// copy. The decoded value is valid only while the input bytes are: the codec refuses, at compile
// time, to decode a type holding views from a temporary vector (codec.hpp, holds_views.hpp).
// Wider elements are refused (supported.hpp): the format does not align them, and reading an
// int32 through a pointer into a byte buffer is undefined behaviour; bytes may alias anything.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "kiln/detail/io/copy.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/storage.hpp"
#include "kiln/detail/ser/traits.hpp"
#include "kiln/detail/types/sequence.hpp"

namespace kiln {

template <class T>
struct Serializer<T, std::enable_if_t<detail::is_byte_span<T>>> {
  using E = std::remove_const_t<typename T::element_type>;
  using Owning = std::vector<E>;  // same wire form, fingerprint and charges
  static constexpr std::size_t min_bytes = 1;
  static constexpr std::size_t storage = detail::kHandleStorage;
  template <class M>
  static constexpr std::size_t max_bytes = kUnbounded;
  template <class M>
  static constexpr bool exact = false;

  static constexpr void fingerprint(detail::Hasher& h) { Serializer<Owning>::fingerprint(h); }

  template <class M>
  static void write(detail::io::Writer& w, const T& v) {
    w.write_varint(v.size());
    w.write_bytes(v.data(), v.size());
  }

  template <class M>
  static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end, const T& v) {
    if (static_cast<std::size_t>(end - p) < detail::io::kMaxVarint64) return nullptr;
    p = detail::io::put_varint(p, v.size());
    if (static_cast<std::size_t>(end - p) < v.size()) return nullptr;
    detail::io::copy_bytes(p, reinterpret_cast<const std::uint8_t*>(v.data()), v.size());
    return p + v.size();
  }

  // The same checks and charges as reading std::vector<E>, so both give one verdict on any
  // input; then the span points at the bytes instead of copying them.
  template <class M>
  static bool read(detail::Reader& r, T& v) {
    std::size_t n = 0;
    if (!detail::read_count<Owning>(r, n, "sequence length")) return false;
    if (!r.need(n, "sequence elements")) return false;
    const std::uint8_t* p = r.cursor();
    v = T(reinterpret_cast<const E*>(p), n);
    r.advance_to(p + n);
    return true;
  }
};

}  // namespace kiln
