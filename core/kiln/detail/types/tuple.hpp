// std::pair and std::tuple: the elements in order, no framing.
#pragma once

#include <tuple>
#include <utility>

#include "kiln/base/inline.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/storage.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln {
namespace detail {

template <class T>
struct TupleTypes;
template <class... E>
struct TupleTypes<std::tuple<E...>> {
  static constexpr std::size_t min_bytes = (std::size_t{0} + ... + Serializer<E>::min_bytes);
  static constexpr std::size_t storage = [] {
    std::size_t n = 0;
    ((n = detail::add_bytes(n, detail::storage_of<E>)), ...);
    return n;
  }();
  template <class M>
  static constexpr std::size_t max_bytes = [] {
    std::size_t n = 0;
    ((n = detail::add_bytes(n, Serializer<E>::template max_bytes<M>)), ...);
    return n;
  }();
  template <class M>
  static constexpr bool exact = (true && ... && Serializer<E>::template exact<M>);
  static constexpr void fingerprint(detail::Hasher& h) {
    h.add("tup(");
    (Serializer<E>::fingerprint(h), ...);
    h.add(")");
  }
};
template <class A, class B>
struct TupleTypes<std::pair<A, B>> : TupleTypes<std::tuple<A, B>> {};

}  // namespace detail

template <class T>
struct Serializer<T, std::enable_if_t<detail::is_tuple_like<T>>> {
  using Types = detail::TupleTypes<T>;
  static constexpr std::size_t min_bytes = Types::min_bytes;
  static constexpr std::size_t storage = Types::storage;
  template <class M>
  static constexpr std::size_t max_bytes = Types::template max_bytes<M>;
  template <class M>
  static constexpr bool exact = Types::template exact<M>;
  static constexpr void fingerprint(detail::Hasher& h) { Types::fingerprint(h); }

  template <class M>
  KILN_INLINE static void write_raw(std::uint8_t*& p, const T& v) {
    std::apply(
        [&](const auto&... e) {
          (Serializer<std::remove_cvref_t<decltype(e)>>::template write_raw<M>(p, e), ...);
        },
        v);
  }
  template <class M>
  static void write(detail::io::Writer& w, const T& v) {
    if constexpr (max_bytes<M> != kUnbounded)
      detail::write_bounded<T, M>(w, v);
    else
      std::apply(
          [&](const auto&... e) {
            (Serializer<std::remove_cvref_t<decltype(e)>>::template write<M>(w, e), ...);
          },
          v);
  }
  template <class M>
  KILN_INLINE static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end, const T& v) {
    std::apply([&](const auto&... e)
                   KILN_INLINE { (void)((p = detail::write_into<M>(p, end, e)) && ...); },
               v);
    return p;
  }
  template <class M>
  KILN_INLINE static void read_raw(const std::uint8_t*& p, T& v) {
    std::apply(
        [&](auto&... e) {
          (Serializer<std::remove_cvref_t<decltype(e)>>::template read_raw<M>(p, e), ...);
        },
        v);
  }
  template <class M>
  static bool read(detail::Reader& r, T& v) {
    if constexpr (exact<M>)
      return detail::read_exact<T, M>(r, v, "tuple");
    else
      return std::apply(
          [&](auto&... e) {
            return (Serializer<std::remove_cvref_t<decltype(e)>>::template read<M>(r, e) && ...);
          },
          v);
  }
};

}  // namespace kiln
