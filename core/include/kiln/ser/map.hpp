// std::map, std::unordered_map: varint count, then key, value pairs in iteration order (sorted
// for std::map; for unordered maps the order, and so the bytes, depend on the standard library).
// A repeated key is an error on read.
#pragma once

#include "kiln/ser/sequence.hpp"

namespace kiln {

template <class T>
struct Serializer<T, std::enable_if_t<detail::is_map<T>>> {
  using K = typename T::key_type;
  using V = typename T::mapped_type;
  static constexpr std::size_t min_bytes = 1;
  template <class M>
  static constexpr std::size_t max_bytes = kUnbounded;
  template <class M>
  static constexpr bool exact = false;

  static constexpr void fingerprint(Hasher& h) {
    h.add("map(");
    Serializer<K>::fingerprint(h);
    Serializer<V>::fingerprint(h);
    h.add(")");
  }

  template <class M>
  static void write(io::Writer& w, const T& v) {
    w.write_varint(v.size());
    for (const auto& [key, value] : v) {
      Serializer<K>::template write<M>(w, key);
      Serializer<V>::template write<M>(w, value);
    }
  }

  template <class M>
  static bool read(io::Reader& r, T& v) {
    constexpr std::size_t kMinEntry = Serializer<K>::min_bytes + Serializer<V>::min_bytes;
    std::size_t n = 0;
    if (!r.read_length(n, kMinEntry, r.limits().max_collection_length, "map length")) return false;
    v.clear();
    if constexpr (detail::is_instance_v<T, std::unordered_map>) v.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t at = r.offset();
      K key{};
      if (!Serializer<K>::template read<M>(r, key)) return false;
      std::size_t before = v.size();
      auto it = v.emplace_hint(v.end(), std::move(key), V{});
      if (v.size() == before) [[unlikely]]
        return r.fail_at(at, ErrorCode::kDuplicateKey,
                         "map key " + std::to_string(i) + " repeats an earlier key");
      if (!Serializer<V>::template read<M>(r, it->second)) return false;
    }
    return true;
  }
};

}  // namespace kiln
