// std::optional<T>: one presence byte (0 = empty, 1 = a value follows).
#pragma once

#include <optional>

#include "kiln/base/inline.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/storage.hpp"

namespace kiln {

template <class T>
struct Serializer<std::optional<T>> {
  using S = Serializer<T>;
  static constexpr std::size_t min_bytes = 1;
  static constexpr std::size_t storage = detail::add_bytes(1, detail::storage_of<T>);
  template <class M>
  static constexpr std::size_t max_bytes = detail::add_bytes(1, S::template max_bytes<M>);
  template <class M>
  static constexpr bool exact = false;

  static constexpr void fingerprint(detail::Hasher& h) {
    h.add("opt(");
    S::fingerprint(h);
    h.add(")");
  }

  template <class M>
  KILN_INLINE static void write_raw(std::uint8_t*& p, const std::optional<T>& v) {
    *p++ = v.has_value() ? 1 : 0;
    if (v) S::template write_raw<M>(p, *v);
  }
  template <class M>
  static void write(detail::io::Writer& w, const std::optional<T>& v) {
    w.write_u8(v.has_value() ? 1 : 0);
    if (v) S::template write<M>(w, *v);
  }

  template <class M>
  KILN_INLINE static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end,
                                                 const std::optional<T>& v) {
    if (p == end) return nullptr;
    *p++ = v.has_value() ? 1 : 0;
    return v ? detail::write_into<M>(p, end, *v) : p;
  }

  template <class M>
  static bool read(detail::Reader& r, std::optional<T>& v) {
    std::uint8_t tag = 0;
    if (!r.read_u8(tag, "optional tag")) return false;
    if (tag == 0) {
      v.reset();
      return true;
    }
    if (tag != 1) [[unlikely]] {
      bad_tag(r, tag);
      return false;
    }
    return S::template read<M>(r, v.emplace());
  }

 private:
  // Out of line: the message built inline needed a stack frame in every optional read (wasm).
  [[gnu::cold, gnu::noinline]] static void bad_tag(detail::Reader& r, std::uint8_t tag) {
    r.fail_at(r.offset() - 1, ErrorCode::kBadOptionalTag,
              "optional tag is " + std::to_string(tag) + ", expected 0 or 1");
  }
};

}  // namespace kiln
