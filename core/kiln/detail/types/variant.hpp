// std::variant<A...>: varint alternative index, then that alternative.
#pragma once

#include <algorithm>
#include <variant>

#include "kiln/base/inline.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/storage.hpp"

namespace kiln {

template <class... A>
struct Serializer<std::variant<A...>> {
  using T = std::variant<A...>;
  static constexpr std::size_t min_bytes = 1 + std::min({Serializer<A>::min_bytes...});
  static constexpr std::size_t storage = detail::add_bytes(1, std::max({detail::storage_of<A>...}));
  template <class M>
  static constexpr std::size_t max_bytes = detail::add_bytes(
      detail::io::kMaxVarint32, std::max({Serializer<A>::template max_bytes<M>...}));
  template <class M>
  static constexpr bool exact = false;

  static constexpr void fingerprint(detail::Hasher& h) {
    h.add("var(");
    (Serializer<A>::fingerprint(h), ...);
    h.add(")");
  }

  template <class M>
  KILN_INLINE static void write_raw(std::uint8_t*& p, const T& v) {
    p = detail::io::put_varint(p, static_cast<std::uint32_t>(v.index()));  // npos stays 5 bytes
    std::visit(
        [&](const auto& x) {
          Serializer<std::remove_cvref_t<decltype(x)>>::template write_raw<M>(p, x);
        },
        v);
  }
  template <class M>
  static void write(detail::io::Writer& w, const T& v) {
    w.write_varint(static_cast<std::uint32_t>(v.index()));
    std::visit(
        [&](const auto& x) {
          Serializer<std::remove_cvref_t<decltype(x)>>::template write<M>(w, x);
        },
        v);
  }

  template <class M>
  static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end, const T& v) {
    if (static_cast<std::size_t>(end - p) < detail::io::kMaxVarint32) return nullptr;
    p = detail::io::put_varint(p, static_cast<std::uint32_t>(v.index()));
    return std::visit([&](const auto& x) { return detail::write_into<M>(p, end, x); }, v);
  }

  template <class M>
  static bool read(detail::Reader& r, T& v) {
    std::uint32_t index = 0;
    std::size_t at = r.offset();
    if (!r.read_varint(index, "variant index")) return false;
    if (index >= sizeof...(A)) [[unlikely]]
      return r.fail_at(at, ErrorCode::kBadVariantIndex,
                       "variant index " + std::to_string(index) + " but the variant has " +
                           std::to_string(sizeof...(A)) + " alternatives");
    return read_alternative<M>(r, v, index, std::index_sequence_for<A...>{});
  }

 private:
  template <class M, std::size_t... I>
  static bool read_alternative(detail::Reader& r, T& v, std::uint32_t index,
                               std::index_sequence<I...>) {
    bool ok = false;
    static_cast<void>(
        ((index == I ? (ok = Serializer<std::variant_alternative_t<I, T>>::template read<M>(
                            r, v.template emplace<I>()),
                        true)
                     : false) ||
         ...));
    return ok;
  }
};

}  // namespace kiln
