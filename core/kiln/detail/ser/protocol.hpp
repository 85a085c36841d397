// SerializerFor<S, T>: the members a serializer S of T must have (the protocol documented in
// kiln/serializer.hpp), as a concept, so that a hand-written Serializer<T> that misses one is
// reported by name rather than deep inside the codec. Compatible mode never reads a type with a
// hand-written serializer (it has no descriptor), so the protocol asks for the two number modes.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>

#include "kiln/detail/io/writer.hpp"
#include "kiln/detail/ser/reader.hpp"
#include "kiln/detail/ser/serializer.hpp"

namespace kiln {

namespace detail {
template <class S, class T, class M>
concept SerializerInMode = requires(io::Writer& w, Reader& r, const T& in, T& out) {
  { S::template max_bytes<M> } -> std::convertible_to<std::size_t>;
  { S::template exact<M> } -> std::convertible_to<bool>;
  S::template write<M>(w, in);
  { S::template read<M>(r, out) } -> std::same_as<bool>;
  // A bounded type is written after one room check, an exact one read after one bounds check.
  requires(S::template max_bytes<M> == kUnbounded) || requires(std::uint8_t * &p) {
    S::template write_raw<M>(p, in);
  };
  requires(!S::template exact<M>) || requires(const std::uint8_t*& p) {
    S::template read_raw<M>(p, out);
  };
};
}  // namespace detail

template <class S, class T>
concept SerializerFor = requires(detail::Hasher& h) {
  { S::min_bytes } -> std::convertible_to<std::size_t>;
  S::fingerprint(h);
  requires detail::SerializerInMode<S, T, FixedMode>;
  requires detail::SerializerInMode<S, T, CompressedMode>;
};

}  // namespace kiln
