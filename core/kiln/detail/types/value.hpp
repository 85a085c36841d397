// Serializer<kiln::Value>: a generic value as the root of a message or as a field of a typed
// struct. Self-describing (a tag per value), so its bytes do not depend on the number mode; the
// header's reference-tracking flag (bit 1) decides whether back-references may appear.
#pragma once

#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/storage.hpp"
#include "kiln/detail/value/codec.hpp"
#include "kiln/detail/value/equal.hpp"
#include "kiln/detail/value/value.hpp"
#include "kiln/detail/wire/header.hpp"

namespace kiln {

template <>
struct Serializer<Value> {
  static constexpr std::size_t min_bytes = 1;
  static constexpr std::size_t storage = detail::kValueStorage;
  template <class M>
  static constexpr std::size_t max_bytes = kUnbounded;
  template <class M>
  static constexpr bool exact = false;

  static constexpr void fingerprint(detail::Hasher& h) { h.add("value"); }

  template <class M>
  static void write(detail::io::Writer& w, const Value& v) {
    detail::value_io::write(w, v, (w.flags() & detail::wire::kFlagReferenceTracking) != 0);
  }
  template <class M>
  static bool read(detail::Reader& r, Value& v) {
    return detail::value_io::read(r, v, (r.flags() & detail::wire::kFlagReferenceTracking) != 0);
  }
};

}  // namespace kiln
