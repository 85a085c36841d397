// bool, integers, characters, floating point, and enums (as their underlying integer).
// 32- and 64-bit integers are varints (zigzag for signed) when the mode compresses numbers;
// everything else is fixed-width little-endian.
#pragma once

#include <cstdint>
#include <cwchar>
#include <string>
#include <type_traits>

#include "kiln/base/inline.hpp"
#include "kiln/detail/reflect/wire_name.hpp"
#include "kiln/detail/ser/adapter.hpp"
#include "kiln/detail/ser/serializer.hpp"

namespace kiln {
namespace detail {

template <class T>
inline constexpr bool is_char_type =
    std::is_same_v<T, char> || std::is_same_v<T, wchar_t> || std::is_same_v<T, char8_t> ||
    std::is_same_v<T, char16_t> || std::is_same_v<T, char32_t>;

// The wire type of a number: wchar_t differs in size between platforms, so it travels as 32 bits.
template <class T>
using wire_number_t = std::conditional_t<std::is_same_v<T, wchar_t>, char32_t, T>;

template <class T>
inline constexpr bool compressible =
    std::is_integral_v<T> && !is_char_type<T> && !std::is_same_v<T, bool> && sizeof(T) >= 4;

template <class T>
constexpr std::string_view number_token() {
  if constexpr (std::is_same_v<T, bool>)
    return "bool";
  else if constexpr (std::is_same_v<T, char> || std::is_same_v<T, char8_t>)
    return "c8";
  else if constexpr (std::is_same_v<T, char16_t>)
    return "c16";
  else if constexpr (std::is_same_v<T, char32_t> || std::is_same_v<T, wchar_t>)
    return "c32";
  else if constexpr (std::is_floating_point_v<T>)
    return sizeof(T) == 4 ? "f32" : "f64";
  else if constexpr (std::is_signed_v<T>)
    return sizeof(T) == 1 ? "i8" : sizeof(T) == 2 ? "i16" : sizeof(T) == 4 ? "i32" : "i64";
  else
    return sizeof(T) == 1 ? "u8" : sizeof(T) == 2 ? "u16" : sizeof(T) == 4 ? "u32" : "u64";
}

// Out of line, so that the message is not built in (and does not need stack space in) the
// inlined reads of structs with bool fields.
[[gnu::cold, gnu::noinline]] inline void bad_bool(detail::Reader& r, std::uint8_t b) {
  r.fail_at(r.offset() - 1, ErrorCode::kBadBool,
            "bool byte is " + std::to_string(b) + ", expected 0 or 1");
}

}  // namespace detail

template <class T>
struct Serializer<T, std::enable_if_t<std::is_arithmetic_v<T>>> {
  static_assert(!std::is_same_v<T, long double>, "long double has no portable wire form");
  using W = detail::wire_number_t<T>;
  static constexpr bool kCompressible = detail::compressible<T>;
  using U = std::make_unsigned_t<std::conditional_t<kCompressible, T, int>>;

  static constexpr std::size_t min_bytes = kCompressible ? 1 : sizeof(W);
  static constexpr std::size_t storage = sizeof(W);
  template <class M>
  static constexpr std::size_t max_bytes = (kCompressible && M::compress)
                                               ? detail::io::max_varint_bytes<U>()
                                               : sizeof(W);
  // Every byte pattern must be a valid value: not bool (0/1 only), and not a 16-bit wchar_t.
  template <class M>
  static constexpr bool exact = !(kCompressible && M::compress) && !std::is_same_v<T, bool> &&
                                (!std::is_same_v<T, wchar_t> || sizeof(wchar_t) == 4);

  static constexpr void fingerprint(detail::Hasher& h) { h.add(detail::number_token<T>()); }

  template <class M>
  KILN_INLINE static void write_raw(std::uint8_t*& p, const T& v) {
    if constexpr (kCompressible && M::compress) {
      if constexpr (std::is_signed_v<T>)
        p = detail::io::put_varint_number(p, detail::io::zigzag_encode(v));
      else
        p = detail::io::put_varint_number(p, v);
    } else {
      detail::io::store_le<W>(p, static_cast<W>(v));
      p += sizeof(W);
    }
  }
  template <class M>
  static void write(detail::io::Writer& w, const T& v) {
    detail::write_bounded<T, M>(w, v);
  }

  template <class M>
  KILN_INLINE static void read_raw(const std::uint8_t*& p, T& v) {
    v = static_cast<T>(detail::io::load_le<W>(p));
    p += sizeof(W);
  }
  template <class M>
  KILN_INLINE static bool read(detail::Reader& r, T& v) {
    if constexpr (std::is_same_v<T, bool>) {
      std::uint8_t b = 0;
      if (!r.read_u8(b, "bool")) return false;
      if (b > 1) [[unlikely]] {
        detail::bad_bool(r, b);
        return false;
      }
      v = b != 0;
      return true;
    } else if constexpr (kCompressible && M::compress) {
      U u = 0;
      if (!r.read_varint_number(u, detail::number_token<T>().data())) return false;
      if constexpr (std::is_signed_v<T>)
        v = detail::io::zigzag_decode(u);
      else
        v = u;
      return true;
    } else if constexpr (std::is_same_v<T, wchar_t> && sizeof(wchar_t) != 4) {
      W x = 0;
      if (!r.read_fixed(x, "wchar_t")) return false;
      if (static_cast<std::uint64_t>(x) > static_cast<std::uint64_t>(WCHAR_MAX)) [[unlikely]]
        return r.fail_at(r.offset() - sizeof(W), ErrorCode::kValueOutOfRange,
                         "wchar_t value does not fit this platform's wchar_t");
      v = static_cast<T>(x);
      return true;
    } else {
      return detail::read_exact<T, M>(r, v, detail::number_token<T>().data());
    }
  }
  static constexpr std::uint32_t checked_depth = 0;
  template <class M>
  requires(!std::is_same_v<T, wchar_t> || sizeof(wchar_t) == 4) KILN_INLINE
      static bool read_checked(const std::uint8_t*& p, const std::uint8_t* end, T& v) {
    if constexpr (std::is_same_v<T, bool>) {
      if (p == end || *p > 1) return false;
      v = *p++ != 0;
      return true;
    } else if constexpr (kCompressible && M::compress) {
      U u = 0;
      if (!detail::io::get_varint(p, end, u)) return false;
      if constexpr (std::is_signed_v<T>)
        v = detail::io::zigzag_decode(u);
      else
        v = u;
      return true;
    } else {
      return detail::read_exact_checked<T, M>(p, end, v);
    }
  }
};

// An adapter (kiln/adapter.hpp) takes precedence over the underlying integer.
template <class T>
struct Serializer<T, std::enable_if_t<std::is_enum_v<T> && !detail::has_adapter<T>>> {
  using Under = std::underlying_type_t<T>;
  using S = Serializer<Under>;
  static constexpr std::size_t min_bytes = S::min_bytes;
  static constexpr std::size_t storage = S::storage;
  template <class M>
  static constexpr std::size_t max_bytes = S::template max_bytes<M>;
  template <class M>
  static constexpr bool exact = S::template exact<M>;

  static constexpr void fingerprint(detail::Hasher& h) {
    h.add("enum");
    h.add(detail::reflect::wire_name<T>);
    S::fingerprint(h);
  }
  template <class M>
  KILN_INLINE static void write_raw(std::uint8_t*& p, const T& v) {
    S::template write_raw<M>(p, static_cast<Under>(v));
  }
  template <class M>
  static void write(detail::io::Writer& w, const T& v) {
    S::template write<M>(w, static_cast<Under>(v));
  }
  template <class M>
  KILN_INLINE static void read_raw(const std::uint8_t*& p, T& v) {
    Under u{};
    S::template read_raw<M>(p, u);
    v = static_cast<T>(u);
  }
  template <class M>
  static bool read(detail::Reader& r, T& v) {
    Under u{};
    if (!S::template read<M>(r, u)) return false;
    v = static_cast<T>(u);
    return true;
  }
  static constexpr std::uint32_t checked_depth = 0;
  template <class M>
  KILN_INLINE static bool read_checked(const std::uint8_t*& p, const std::uint8_t* end, T& v) {
    Under u{};
    if (!S::template read_checked<M>(p, end, u)) return false;
    v = static_cast<T>(u);
    return true;
  }
};

}  // namespace kiln
