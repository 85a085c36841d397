// Helpers shared by the core tests: round trips in both number modes, payload bytes, and
// hand-built messages for decoder error tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include "kiln/kiln.hpp"

namespace kiln::test {

using Bytes = std::vector<std::uint8_t>;

// "4b 01 00 ..." for failure messages.
inline std::string hex(std::span<const std::uint8_t> bytes, std::size_t max = 64) {
  std::string s;
  char buf[4];
  for (std::size_t i = 0; i < bytes.size() && i < max; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", bytes[i]);
    if (i) s += ' ';
    s += buf;
  }
  if (bytes.size() > max) s += " ... (" + std::to_string(bytes.size()) + " bytes)";
  return s;
}

namespace detail {

template <class T>
concept Iterable = requires(const T& t) {
  t.begin();
  t.end();
  t.size();
};

template <class T>
inline constexpr bool is_unordered = kiln::detail::is_instance_v<T, std::unordered_set> ||
                                     kiln::detail::is_instance_v<T, std::unordered_map>;

}  // namespace detail

// Every combination of the six options that change a message's bytes.
inline std::vector<kiln::Options> every_option_set() {
  std::vector<kiln::Options> sets;
  for (int bits = 0; bits < 64; ++bits) {
    kiln::Options o;
    o.compress_numbers = bits & 1;
    o.header = bits & 2;
    o.fingerprint = bits & 4;
    o.track_references = bits & 8;
    o.share_strings = bits & 16;
    o.compatible = bits & 32;
    sets.push_back(o);
  }
  return sets;
}

inline std::string describe(const kiln::Options& o) {
  return std::string(o.compress_numbers ? "compressed" : "fixed") + (o.header ? "" : " no-header") +
         (o.fingerprint ? "" : " no-fingerprint") + (o.track_references ? " tracking" : "") +
         (o.share_strings ? " shared-strings" : "") + (o.compatible ? " compatible" : "");
}

// The bit pattern of a float or double (std::bit_cast is missing from Emscripten 3.1.6's libc++).
template <class F>
auto bits_of(F f) {
  static_assert(sizeof(F) == 4 || sizeof(F) == 8);
  std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t> u;
  std::memcpy(&u, &f, sizeof f);
  return u;
}
template <class F, class U>
F from_bits(U u) {
  static_assert(sizeof(F) == sizeof(U));
  F f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// Value equality in which floating-point numbers compare by bit pattern (so NaN equals the same
// NaN and -0.0 differs from +0.0), applied through containers, sum types, tuples and structs.
template <class T>
bool same_value(const T& a, const T& b);

namespace detail {

template <class Tuple, std::size_t... I>
bool same_elements(const Tuple& a, const Tuple& b, std::index_sequence<I...>) {
  return (same_value(std::get<I>(a), std::get<I>(b)) && ...);
}

template <class T, std::size_t... I>
bool same_fields(const T& a, const T& b, std::index_sequence<I...>) {
  return (
      same_value(kiln::detail::reflect::get_field<I>(a), kiln::detail::reflect::get_field<I>(b)) &&
      ...);
}

}  // namespace detail

template <class T>
bool same_value(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    return bits_of(a) == bits_of(b);
  } else if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T> || kiln::detail::is_string<T> ||
                       detail::is_unordered<T>) {
    return a == b;
  } else if constexpr (kiln::detail::is_instance_v<T, std::optional>) {
    if (a.has_value() != b.has_value()) return false;
    return !a.has_value() || same_value(*a, *b);
  } else if constexpr (kiln::detail::is_instance_v<T, std::variant>) {
    if (a.index() != b.index()) return false;
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return ((a.index() != I || same_value(std::get<I>(a), std::get<I>(b))) && ...);
    }
    (std::make_index_sequence<std::variant_size_v<T>>{});
  } else if constexpr (kiln::detail::is_tuple_like<T>) {
    return detail::same_elements(a, b, std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (detail::Iterable<T>) {
    if (a.size() != b.size()) return false;
    using E = typename T::value_type;  // not decltype(*it): vector<bool> yields proxies
    auto ib = b.begin();
    for (auto ia = a.begin(); ia != a.end(); ++ia, ++ib)
      if (!same_value<E>(*ia, *ib)) return false;
    return true;
  } else if constexpr (kiln::detail::reflect::Reflectable<T>) {
    return detail::same_fields(a, b,
                               std::make_index_sequence<kiln::detail::reflect::field_count<T>>{});
  } else {
    return a == b;
  }
}

inline Options options_for(bool compress, Options base = {}) {
  base.compress_numbers = compress;
  return base;
}

// Serializes `value` with compressed numbers off and on, decodes each message and checks that
// the result is the same value; also checks that serialize_view and serialize_into (appending
// after existing bytes) write exactly the bytes serialize returns.
template <class T>
::testing::AssertionResult round_trips(const T& value, Options base = {}) {
  for (bool compress : {false, true}) {
    const char* mode = compress ? "compressed" : "fixed";
    Codec codec(options_for(compress, base));
    Bytes bytes = codec.serialize(value).value();
    if (bytes.size() < kiln::detail::wire::kHeaderBytes)
      return ::testing::AssertionFailure() << mode << ": message shorter than its header";

    Codec view_codec(options_for(compress, base));
    std::span<const std::uint8_t> view = view_codec.serialize_view(value).value();
    if (!std::equal(view.begin(), view.end(), bytes.begin(), bytes.end()))
      return ::testing::AssertionFailure() << mode << ": serialize_view wrote " << hex(view)
                                           << ", serialize wrote " << hex(bytes);
    Bytes appended{0xAA, 0xBB};
    if (Status s = codec.serialize_into(value, appended); !s)
      return ::testing::AssertionFailure() << mode << ": serialize_into: " << s.error().message();
    if (!std::equal(appended.begin() + 2, appended.end(), bytes.begin(), bytes.end()) ||
        appended[0] != 0xAA || appended[1] != 0xBB)
      return ::testing::AssertionFailure() << mode << ": serialize_into wrote " << hex(appended);

    T out{};
    Status s = codec.deserialize_into(bytes, out);
    if (!s)
      return ::testing::AssertionFailure()
             << mode << ": decoding failed: " << s.error().message() << "; bytes " << hex(bytes);
    if (!same_value(value, out))
      return ::testing::AssertionFailure()
             << mode << ": decoded value differs from the original; bytes " << hex(bytes);
  }
  return ::testing::AssertionSuccess();
}

// The message for `value` without its 7-byte header.
template <class T>
Bytes payload(const T& value, bool compress = false) {
  Bytes bytes = Codec(options_for(compress)).serialize(value).value();
  return Bytes(bytes.begin() + static_cast<std::ptrdiff_t>(kiln::detail::wire::kHeaderBytes),
               bytes.end());
}

// A message for root type T: a valid header (with T's fingerprint) followed by `body`.
template <class T>
Bytes message_for(const Bytes& body, bool compress = false) {
  Bytes m{kiln::detail::wire::kMagic, kiln::detail::wire::kVersion,
          static_cast<std::uint8_t>(compress ? kiln::detail::wire::kFlagCompressNumbers : 0)};
  std::uint32_t fp = fingerprint_of<T>();
  for (int i = 0; i < 4; ++i) m.push_back(static_cast<std::uint8_t>(fp >> (8 * i)));
  m.insert(m.end(), body.begin(), body.end());
  return m;
}

// Decodes `bytes` as T and returns the error (code kOk when decoding succeeded).
template <class T>
Error decode_error(std::span<const std::uint8_t> bytes, Options options = {}) {
  T out{};
  Status s = Codec(options).deserialize_into(bytes, out);
  return s.error();
}

// Decodes header + body as T (body in the given number mode) and returns the error.
template <class T>
Error body_error(const Bytes& body, bool compress = false, Options options = {}) {
  return decode_error<T>(message_for<T>(body, compress), options);
}

}  // namespace kiln::test
