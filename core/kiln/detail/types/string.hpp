// std::string and std::string_view: varint byte length + UTF-8. In a message that shares strings
// (header bit 3), the varint is (length << 1) for a new string and (index << 1) | 1 for a repeat
// of the string numbered `index` in order of first appearance. A string_view is read as a view
// into the message (a repeat views the first occurrence): valid only while the input bytes are,
// which the codec enforces where it can (codec.hpp, holds_views.hpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "kiln/base/inline.hpp"
#include "kiln/detail/graph/context.hpp"
#include "kiln/detail/graph/shared_strings.hpp"
#include "kiln/detail/io/copy.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/storage.hpp"
#include "kiln/detail/ser/traits.hpp"
#include "kiln/detail/wire/utf8.hpp"

namespace kiln {

template <class T>
struct Serializer<T, std::enable_if_t<detail::is_string<T>>> {
  static constexpr std::size_t min_bytes = 1;
  static constexpr std::size_t storage = detail::kHandleStorage;
  template <class M>
  static constexpr std::size_t max_bytes = kUnbounded;
  template <class M>
  static constexpr bool exact = false;

  static constexpr void fingerprint(detail::Hasher& h) { h.add("str"); }

  template <class M>
  KILN_INLINE static void write(detail::io::Writer& w, const T& v) {
    detail::graph::WriteContext* g = w.graph();
    if (g != nullptr && g->share_strings) [[unlikely]]
      return write_shared(w, v.data(), v.size(), *g);
    write_new(w, v.data(), v.size(), v.size());
  }

  // Strings shared by index need the Writer's string table: the codec writes this way only
  // messages without shared strings. A string that is not UTF-8 also gives nullptr: the Writer's
  // way then refuses it, or writes it when validate_utf8 is off.
  template <class M>
  KILN_INLINE static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end, const T& v) {
    const std::size_t n = v.size();
    if (static_cast<std::size_t>(end - p) < detail::io::kMaxVarint64 + n) [[unlikely]]
      return nullptr;
    bool utf8 = false;
    p = put(p, v.data(), n, n, utf8);
    return utf8 ? p : nullptr;
  }

  template <class M>
  KILN_INLINE static bool read(detail::Reader& r, T& v) {
    detail::graph::ReadContext* g = r.graph();
    if (g != nullptr && g->share_strings) [[unlikely]]
      return read_shared(r, v, *g);
    std::size_t n = 0;
    if (!r.read_length(n, 1, r.limits().max_string_bytes, "string length", 1)) return false;
    return read_bytes(r, v, n);
  }

  // Reads a string that is likely to equal `expected` (the key of a reused map at the same
  // position). When it does, `same` is set and nothing is copied; otherwise the string is read
  // into `v`. The checks, charges and errors are read()'s: only the copy is skipped. Forced
  // inline so that `same` stays out of memory.
  template <class M>
  KILN_INLINE static bool read_expecting(detail::Reader& r, const std::string& expected,
                                         std::string& v, bool& same) {
    detail::graph::ReadContext* g = r.graph();
    if (g != nullptr && g->share_strings) [[unlikely]] {
      // Through read(), so read_shared keeps one caller: wasm-opt then inlines it into read(),
      // which every string of a message with shared strings goes through.
      same = false;
      return read<M>(r, v);
    }
    std::size_t n = 0;
    if (!r.read_length(n, 1, r.limits().max_string_bytes, "string length", 1)) return false;
    const std::uint8_t* p = r.cursor();
    // StringEq: short keys compared with a few loads, not a memcmp call (a byte loop in wasm).
    same =
        detail::graph::StringEq()(std::string_view(reinterpret_cast<const char*>(p), n), expected);
    if (!same) return read_bytes(r, v, n);
    return take_chars(r, p, n);
  }

  // The next string's characters, checked and charged as read() does, for a caller that builds
  // the string itself (a map key made in its node). Only for messages that do not share strings.
  template <class M>
  KILN_INLINE static bool read_chars(detail::Reader& r, std::string_view& chars) {
    std::size_t n = 0;
    if (!r.read_length(n, 1, r.limits().max_string_bytes, "string length", 1)) return false;
    const std::uint8_t* p = r.cursor();
    if (!take_chars(r, p, n)) return false;
    chars = std::string_view(reinterpret_cast<const char*>(p), n);
    return true;
  }

 private:
  [[gnu::cold, gnu::noinline]] static void refuse(detail::io::Writer& w, const char* data,
                                                  std::size_t n) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(data);
    w.fail(ErrorCode::kBadUtf8,
           detail::wire::utf8_write_error(n, detail::wire::utf8_valid_prefix(p, n)));
  }

  // The prefix, then the n bytes, at p, where kMaxVarint64 + n bytes are free; `utf8` tells
  // whether the bytes are UTF-8 (ASCII is told by the copy, wire/utf8.hpp decides the rest).
  KILN_INLINE static std::uint8_t* put(std::uint8_t* p, const char* data, std::size_t n,
                                       std::uint64_t prefix, bool& utf8) {
    p = detail::io::put_varint(p, prefix);
    utf8 = detail::io::copy_ascii(p, reinterpret_cast<const std::uint8_t*>(data), n) ||
           detail::wire::utf8_valid_prefix(p, n) == n;
    return p + n;
  }
  // A string that is not UTF-8 is refused (kBadUtf8), as readers reject it, unless the codec
  // turned validate_utf8 off; the Writer's cursor then stays where it was.
  KILN_INLINE static void write_new(detail::io::Writer& w, const char* data, std::size_t n,
                                    std::uint64_t prefix) {
    w.ensure(detail::io::kMaxVarint64 + n);
    bool utf8 = false;
    std::uint8_t* end = put(w.cursor(), data, n, prefix, utf8);
    if (!utf8 && w.check_utf8()) [[unlikely]]
      return refuse(w, data, n);
    w.advance_to(end);
  }
  // Out of line: the string table's lookup would otherwise make every plain string write a
  // large function with a stack frame. A repeat was checked as UTF-8 where it was first written.
  [[gnu::noinline]] static void write_shared(detail::io::Writer& w, const char* data, std::size_t n,
                                             detail::graph::WriteContext& g) {
    auto [index, added] = g.strings.add(std::string_view(data, n));
    if (!added) return w.write_varint((std::uint64_t{index} << 1) | 1);
    write_new(w, data, n, std::uint64_t{n} << 1);
  }

  [[gnu::noinline]] static bool read_shared(detail::Reader& r, T& v,
                                            detail::graph::ReadContext& g) {
    const std::string_view* s = detail::graph::read_shared_string(r, g);
    if (s == nullptr) return false;
    (void)assign(v, reinterpret_cast<const std::uint8_t*>(s->data()), s->size());
    return true;
  }

  // The cursor moves after the copy: the copy's byte stores may alias the Reader, which would
  // then be reloaded. The bytes are checked as UTF-8 where they landed (the same bytes: the
  // copy's words tell ASCII), so a string that fails holds them.
  KILN_INLINE static bool read_bytes(detail::Reader& r, T& v, std::size_t n) {
    const std::uint8_t* p = r.cursor();
    if (!assign(v, p, n) && !valid_chars(r, reinterpret_cast<const std::uint8_t*>(v.data()), n))
        [[unlikely]]
      return false;
    r.advance_to(p + n);
    return true;
  }
  // The n bytes at p (the cursor), checked as UTF-8 and passed over.
  KILN_INLINE static bool take_chars(detail::Reader& r, const std::uint8_t* p, std::size_t n) {
    if (!valid_chars(r, p, n)) return false;
    r.advance_to(p + n);
    return true;
  }
  KILN_INLINE static bool valid_chars(detail::Reader& r, const std::uint8_t* p, std::size_t n) {
    if (r.validate_utf8()) {
      std::size_t ok = detail::wire::utf8_valid_prefix(p, n);
      if (ok != n) [[unlikely]] {
        detail::graph::bad_utf8_string(r, r.offset() + ok, n);
        return false;
      }
    }
    return true;
  }

  // assign() sets v to the n bytes at p and returns true when it found them ASCII, false when
  // it did not look (or they are not).
  // A view: p is in the input (a shared string's repeat: its first occurrence, also there).
  KILN_INLINE static bool assign(std::string_view& v, const std::uint8_t* p, std::size_t n) {
    v = std::string_view(reinterpret_cast<const char*>(p), n);
    return false;
  }
  // Builds an empty string (a field of a fresh object) from n bytes when they fit inline, where
  // resize() would zero-fill it first, out of line; false, with v untouched, when they do not.
  // Nothing is allocated, so the construction cannot throw.
  [[gnu::noinline]] static bool fill_inline(std::string& v, const char* chars, std::size_t n) {
    static const std::size_t inline_chars = std::string().capacity();  // 15 libstdc++, 10 wasm32
    if (n > inline_chars) return false;
    std::destroy_at(&v);
    std::construct_at(&v, chars, n);
    return true;
  }
  KILN_INLINE static bool assign(std::string& v, const std::uint8_t* p, std::size_t n) {
    const char* chars = reinterpret_cast<const char*>(p);
    if (n <= v.capacity()) {  // no allocation, and cheaper than assign()
      if (v.size() != n) {
        if (v.empty() && fill_inline(v, chars, n)) return false;
        v.resize(n);
      }
      return detail::io::copy_ascii(reinterpret_cast<std::uint8_t*>(v.data()), p, n);
    }
    v.assign(chars, n);
    return false;
  }
};

}  // namespace kiln
