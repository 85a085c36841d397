// The Serializer protocol's engine side: modes, the compile-time size facts, the fingerprint
// hasher and the shared read/write helpers. The protocol itself is documented in
// kiln/serializer.hpp, the public header for writing a Serializer<T> of your own.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

#include "kiln/base/inline.hpp"
#include "kiln/detail/io/writer.hpp"
#include "kiln/detail/ser/reader.hpp"

namespace kiln {

// Compatible = true only while reading a compatible-mode message whose type table differs from
// the reader's: structs then follow a per-message plan (kiln/detail/evolve/struct_reader.hpp).
template <bool CompressNumbers, bool Compatible = false>
struct Mode {
  static constexpr bool compress = CompressNumbers;
  static constexpr bool compatible = Compatible;
};
using FixedMode = Mode<false>;
using CompressedMode = Mode<true>;

inline constexpr std::size_t kUnbounded = std::numeric_limits<std::size_t>::max();

namespace detail {

constexpr std::size_t add_bytes(std::size_t a, std::size_t b) {
  return (a == kUnbounded || b == kUnbounded) ? kUnbounded : a + b;
}
constexpr std::size_t mul_bytes(std::size_t a, std::size_t n) {
  return n == 0 ? 0 : (a == kUnbounded) ? kUnbounded : a * n;
}

// FNV-1a over the tokens that describe a type's wire shape; folded to 32 bits for the header.
struct Hasher {
  std::uint64_t h = 0xcbf29ce484222325ull;
  constexpr void add(std::string_view s) {
    for (char c : s) {
      h ^= static_cast<std::uint8_t>(c);
      h *= 0x100000001b3ull;
    }
    h ^= 0xff;  // token separator, so "ab"+"c" differs from "a"+"bc"
    h *= 0x100000001b3ull;
  }
  constexpr void add_number(std::uint64_t v) {
    char buf[20];
    std::size_t n = 0;
    do {
      buf[n++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v);
    char rev[20];
    for (std::size_t i = 0; i < n; ++i) rev[i] = buf[n - 1 - i];
    add(std::string_view(rev, n));
  }
  constexpr std::uint32_t value32() const { return static_cast<std::uint32_t>(h ^ (h >> 32)); }

  // The structs whose fingerprint is being computed, outermost first. A struct met again inside
  // itself (a recursive type) is hashed as a back-reference, so its fingerprint is finite.
  // Types are told apart by their compile-time names: comparing the addresses of two variables
  // is not a constant expression for g++ under -fsanitize=undefined.
  static constexpr std::size_t kMaxActive = 64;
  std::string_view active[kMaxActive] = {};
  std::size_t depth = 0;
  // How many levels up the struct named `type` is already active (1 = innermost), or 0.
  constexpr std::size_t find_active(std::string_view type) const {
    for (std::size_t i = depth; i-- > 0;)
      if (active[i] == type) return depth - i;
    return 0;
  }
  constexpr bool push_active(std::string_view type) {
    if (depth == kMaxActive) return false;
    active[depth++] = type;
    return true;
  }
  constexpr void pop_active() { --depth; }
};

}  // namespace detail

// Defined per type family in kiln/detail/types/*.hpp. This primary template is what a type
// without a serializer gets: none of the protocol's members, so Serializable<T> is false and
// detection by SFINAE still answers "no", and a marker by which the codec's checks
// (detail/ser/supported.hpp) tell such a type from one whose serializer is still being defined.
template <class T, class Enable = void>
struct Serializer {
  using kiln_no_serializer = void;
};

template <class T>
concept Serializable = requires {
  Serializer<T>::min_bytes;
};

// Schema fingerprint of T, computed by the compiler.
template <class T>
constexpr std::uint32_t fingerprint_of() {
  detail::Hasher h;
  Serializer<T>::fingerprint(h);
  return h.value32();
}

namespace detail {

// Shared write() for bounded types: one capacity check, then unchecked stores.
template <class T, class M>
inline void write_bounded(detail::io::Writer& w, const T& v) {
  w.ensure(Serializer<T>::template max_bytes<M>);
  std::uint8_t* p = w.cursor();
  Serializer<T>::template write_raw<M>(p, v);
  w.advance_to(p);
}

// Writes v at p, where [p, end) is free, without a Writer: the end of what was written, or null
// if it does not fit (the bytes from p on are then unspecified). A bounded type is written with
// one room check; an unbounded one by its write_checked, which checks as it goes. Pointers are
// passed and returned by value, not by reference, so that across a call that is not inlined
// the cursor stays in a register (in wasm, a local) rather than in memory.
template <class M, class T>
KILN_INLINE inline std::uint8_t* write_into(std::uint8_t* p, std::uint8_t* end, const T& v) {
  constexpr std::size_t kMax = Serializer<T>::template max_bytes<M>;
  if constexpr (kMax != kUnbounded) {
    if (static_cast<std::size_t>(end - p) < kMax) return nullptr;
    Serializer<T>::template write_raw<M>(p, v);
    return p;
  } else {
    return Serializer<T>::template write_checked<M>(p, end, v);
  }
}

// Types whose values read_checked reads in mode M: numbers, enums, and arrays and structs of
// them. The codec reads a well-formed message of such a root type without a Reader
// (Codec::read_flat) and takes the Reader's way only to say what is wrong with another.
template <class T, class M>
concept CheckedRead = requires(const std::uint8_t*& p, const std::uint8_t* end, T& v) {
  { Serializer<T>::template read_checked<M>(p, end, v) } -> std::same_as<bool>;
  Serializer<T>::checked_depth;
};

// Shared read() for exact types: one bounds check, then unchecked loads.
template <class T, class M>
inline bool read_exact(detail::Reader& r, T& v, const char* what) {
  constexpr std::size_t n = Serializer<T>::template max_bytes<M>;
  if (!r.need(n, what)) return false;
  const std::uint8_t* p = r.cursor();
  Serializer<T>::template read_raw<M>(p, v);
  r.advance_to(p);
  return true;
}

// Shared read_checked() for exact types, the same without a Reader.
template <class T, class M>
inline KILN_INLINE bool read_exact_checked(const std::uint8_t*& p, const std::uint8_t* end, T& v) {
  if (static_cast<std::size_t>(end - p) < Serializer<T>::template max_bytes<M>) return false;
  Serializer<T>::template read_raw<M>(p, v);
  return true;
}

}  // namespace detail

}  // namespace kiln
