// std::set, std::unordered_set: varint count, then the elements in iteration order (sorted for
// std::set; for unordered sets the order, and so the bytes, depend on the standard library).
// A repeated element is an error on read.
#pragma once

#include "kiln/detail/types/sequence.hpp"

namespace kiln {

template <class T>
struct Serializer<T, std::enable_if_t<detail::is_set<T>>> {
  using E = typename T::value_type;
  static constexpr std::size_t min_bytes = 1;
  static constexpr std::size_t storage = detail::kHandleStorage;
  template <class M>
  static constexpr std::size_t max_bytes = kUnbounded;
  template <class M>
  static constexpr bool exact = false;

  static constexpr void fingerprint(detail::Hasher& h) {
    h.add("set(");
    Serializer<E>::fingerprint(h);
    h.add(")");
  }

  template <class M>
  static void write(detail::io::Writer& w, const T& v) {
    w.write_varint(v.size());
    detail::write_elements<M>(w, v.begin(), v.end(), v.size());
  }

  template <class M>
  static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end, const T& v) {
    return detail::write_elements_checked<M>(p, end, v.begin(), v.end(), v.size());
  }

  template <class M>
  static bool read(detail::Reader& r, T& v) {
    std::size_t n = 0;
    if (!detail::read_count<T>(r, n, "set length")) return false;
    v.clear();
    if constexpr (detail::is_instance_v<T, std::unordered_set>) v.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t at = r.offset();
      E e{};
      if (!Serializer<E>::template read<M>(r, e)) return false;
      std::size_t before = v.size();
      v.emplace_hint(v.end(), std::move(e));
      if (v.size() == before) [[unlikely]]
        return r.fail_at(at, ErrorCode::kDuplicateKey,
                         "set element " + std::to_string(i) + " repeats an earlier element");
    }
    return true;
  }
};

}  // namespace kiln
