// std::map, std::unordered_map: varint count, then key, value pairs in iteration order (sorted
// for std::map; for unordered maps the order, and so the bytes, depend on the standard library).
// A repeated key is an error on read.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "kiln/detail/graph/string_hash.hpp"
#include "kiln/detail/ser/holds_views.hpp"
#include "kiln/detail/types/sequence.hpp"
#include "kiln/detail/types/string.hpp"

namespace kiln {

template <class T>
struct Serializer<T, std::enable_if_t<detail::is_map<T>>> {
  using K = typename T::key_type;
  using V = typename T::mapped_type;
  static constexpr std::size_t min_bytes = 1;
  static constexpr std::size_t storage = detail::kHandleStorage;
  template <class M>
  static constexpr std::size_t max_bytes = kUnbounded;
  template <class M>
  static constexpr bool exact = false;

  static constexpr void fingerprint(detail::Hasher& h) {
    h.add("map(");
    Serializer<K>::fingerprint(h);
    Serializer<V>::fingerprint(h);
    h.add(")");
  }

  template <class M>
  static void write(detail::io::Writer& w, const T& v) {
    w.write_varint(v.size());
    for (const auto& [key, value] : v) {
      Serializer<K>::template write<M>(w, key);
      Serializer<V>::template write<M>(w, value);
    }
  }

  template <class M>
  static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end, const T& v) {
    if (static_cast<std::size_t>(end - p) < detail::io::kMaxVarint64) return nullptr;
    p = detail::io::put_varint(p, v.size());
    for (auto it = v.begin(); it != v.end() && p; ++it) {
      p = detail::write_into<M>(p, end, it->first);
      if (p) p = detail::write_into<M>(p, end, it->second);
    }
    return p;
  }

  template <class M>
  static bool read(detail::Reader& r, T& v) {
    constexpr std::size_t kMinEntry = Serializer<K>::min_bytes + Serializer<V>::min_bytes;
    std::size_t n = 0;
    if (!r.read_length(n, kMinEntry, r.limits().max_collection_length, "map length",
                       detail::element_charge<T>))
      return false;
    // Decoding into a reused map allocates nothing once it has grown: while the message repeats
    // the map's keys in order, only values are assigned; after the first difference, the old
    // entries' nodes are reused for the new ones.
    // Keys holding views other than a plain string_view (below) are all read anew: the old ones
    // view the previous message, so the old entries' nodes take the new keys.
    if constexpr (detail::holds_views<K> && !std::is_same_v<K, std::string_view>)
      return read_rest<M>(r, v, n, 0, r.offset(), v.begin(), nullptr);
    auto it = v.begin();
    K key{};
    std::size_t i = 0;
    for (; i < n && it != v.end(); ++i, ++it) {
      std::size_t at = r.offset();
      if constexpr (std::is_same_v<K, std::string>) {
        // A string key equal to the reused entry's is compared in place, not copied into `key`
        // (a copy that in wasm, where libc++ keeps only 10 characters inline, allocated).
        bool same = false;
        if (!Serializer<K>::template read_expecting<M>(r, it->first, key, same)) return false;
        if (!same) return read_rest<M>(r, v, n, i, at, it, &key);
      } else if constexpr (std::is_same_v<K, std::string_view>) {
        if (!Serializer<K>::template read<M>(r, key)) return false;
        if (!detail::graph::StringEq()(key, it->first))
          return read_rest<M>(r, v, n, i, at, it, &key);
        // Equal, but the old key views the previous message: the entry takes the new view. A
        // const member of the node's pair is not a complete const object, so it may be replaced
        // (C++20 [basic.life]/8), and an equal key keeps the map's order.
        std::construct_at(const_cast<K*>(&it->first), key);
      } else {
        if (!Serializer<K>::template read<M>(r, key)) return false;
        if (!(key == it->first)) return read_rest<M>(r, v, n, i, at, it, &key);
      }
      if (!Serializer<V>::template read<M>(r, it->second)) return false;
    }
    if (it != v.end()) {
      v.erase(it, v.end());
      return true;
    }
    return read_rest<M>(r, v, n, i, r.offset(), v.end(), nullptr);
  }

 private:
  // Reads entries i..n-1. `first_key`, when not null, is entry i's key, already read at `at`;
  // entries from `from` on are replaced (their nodes reused).
  template <class M>
  static bool read_rest(detail::Reader& r, T& v, std::size_t n, std::size_t i, std::size_t at,
                        typename T::iterator from, K* first_key) {
    T spare;
    while (from != v.end()) spare.insert(spare.end(), v.extract(from++));
    if constexpr (detail::is_instance_v<T, std::unordered_map>) v.reserve(n);
    for (; i < n; ++i) {
      if (!first_key) at = r.offset();
      auto node = spare.empty() ? typename T::node_type{} : spare.extract(spare.begin());
      if (node.empty()) {
        std::size_t before = v.size();
        typename T::iterator it;
        if (!emplace_key<M>(r, v, first_key, it)) return false;
        first_key = nullptr;
        if (v.size() == before) [[unlikely]]
          return duplicate(r, at, i);
        if (!Serializer<V>::template read<M>(r, it->second)) return false;
      } else {
        if (first_key)
          node.key() = std::move(*first_key);
        else if (!Serializer<K>::template read<M>(r, node.key()))
          return false;
        first_key = nullptr;
        // Not inserted when the key was there already. Tested by size, not by `node` still
        // owning the element: libstdc++'s hinted insert for unordered maps consumes the node
        // handle even when it does not insert.
        std::size_t before = v.size();
        auto it = v.insert(v.end(), std::move(node));
        if (v.size() == before) [[unlikely]]
          return duplicate(r, at, i);
        if (!Serializer<V>::template read<M>(r, it->second)) return false;
      }
    }
    return true;
  }

  // Inserts an entry with the next key (or `first_key`, already read) and a value-initialised
  // value, hinted at the end. A std::string key is built in its node from the message's bytes,
  // not read into a temporary that is then moved.
  template <class M>
  KILN_INLINE static bool emplace_key(detail::Reader& r, T& v, K* first_key,
                                      typename T::iterator& it) {
    if constexpr (std::is_same_v<K, std::string>) {
      detail::graph::ReadContext* g = r.graph();
      if (first_key == nullptr && (g == nullptr || !g->share_strings)) {
        std::string_view chars;
        if (!Serializer<K>::template read_chars<M>(r, chars)) return false;
        it = v.emplace_hint(v.end(), std::piecewise_construct,
                            std::forward_as_tuple(chars.data(), chars.size()),
                            std::forward_as_tuple());
        return true;
      }
    }
    K key{};
    if (first_key)
      key = std::move(*first_key);
    else if (!Serializer<K>::template read<M>(r, key))
      return false;
    it = v.emplace_hint(v.end(), std::move(key), V{});
    return true;
  }

  [[gnu::cold]] static bool duplicate(detail::Reader& r, std::size_t at, std::size_t i) {
    return r.fail_at(at, ErrorCode::kDuplicateKey,
                     "map key " + std::to_string(i) + " repeats an earlier key");
  }
};

}  // namespace kiln
