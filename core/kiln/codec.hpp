// kiln::Codec: the public API. The class is declared in kiln/codec_decl.hpp; this header defines
// its entry points and the per-message engine behind them, and KILN_INSTANTIATE, which compiles
// a type's codec in one translation unit for others that include only kiln/codec_decl.hpp.
#pragma once

#include <cassert>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "kiln/base/error.hpp"
#include "kiln/base/inline.hpp"
#include "kiln/base/options.hpp"
#include "kiln/base/result.hpp"
#include "kiln/codec_decl.hpp"
#include "kiln/detail/evolve/compatible.hpp"
#include "kiln/detail/graph/context.hpp"
#include "kiln/detail/graph/inline_owners.hpp"
#include "kiln/detail/graph/needs_graph.hpp"
#include "kiln/detail/graph/registry.hpp"
#include "kiln/detail/reflect/type_name.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/supported.hpp"
#include "kiln/detail/ser/writes_checked.hpp"

// Compiles T's codec here: every entry point of kiln::Codec for T, for translation units that
// call them with only kiln/codec_decl.hpp included. Use it once per type in the program, at
// namespace scope, in a file that includes kiln/kiln.hpp (or codec.hpp and T's families).
#define KILN_INSTANTIATE(T)                                                                        \
  template ::kiln::Status kiln::Codec::serialize_into<T>(const T&, std::vector<std::uint8_t>&)     \
      const;                                                                                       \
  template ::kiln::Result<std::vector<std::uint8_t>> kiln::Codec::serialize<T>(const T&) const;    \
  template ::kiln::Result<std::span<const std::uint8_t>> kiln::Codec::serialize_view<T>(const T&); \
  template ::kiln::Status kiln::Codec::deserialize_into<T>(std::span<const std::uint8_t>, T&)      \
      const;                                                                                       \
  template ::kiln::Result<T> kiln::Codec::deserialize<T>(std::span<const std::uint8_t>) const

namespace kiln {

namespace detail::codec {

// A root type Kiln cannot serialize stops the build with a message that says what to do.
template <class T>
inline constexpr bool kSupported = detail::supported<T, 0>();

// Options that this root type cannot honour: an error rather than a message in another mode.
template <class T>
inline constexpr bool kDescribable = detail::evolve::Schema<T>::ok;

// A root type with no pointers whose every part can be written without a Writer: its message
// is written straight into the scratch buffer with plain pointers. The Writer lives in linear
// memory in wasm (its address reaches the out-of-line growth and error paths), so every field
// written through it loaded and stored its cursor.
template <class T>
inline constexpr bool kDirect = !detail::graph::needs_graph<T> &&
                                writes_checked<T, CompressedMode> && writes_checked<T, FixedMode>;

// A root type without pointers made of numbers, enums, arrays and structs (Struct): a
// well-formed message of it is read with plain pointers, without a Reader, which in wasm lives
// in linear memory; an exact type (every value one size, any bytes valid) with one size check.
// Anything else, errors included, goes the general way, which also says what is wrong.
template <class T>
inline constexpr bool kFlatRead =
    !detail::graph::needs_graph<T> &&
    (detail::CheckedRead<T, FixedMode> || detail::CheckedRead<T, CompressedMode>);

}  // namespace detail::codec

// The definitions below are templates, not inline functions, so that KILN_INSTANTIATE can
// compile them for callers that see only their declarations. KILN_INLINE still inlines them
// into every caller that sees them; g++ warns that a function not declared inline "might not be
// inlinable", which does not apply to a template's vague-linkage instantiations.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wattributes"

template <class T>
Status Codec::serialize_into(const T& value, std::vector<std::uint8_t>& out) const {
  static_assert(detail::codec::kSupported<T>,
                "kiln: the root type cannot be serialized: see the error above");
  if (Status s = check_options<T>(); !s) [[unlikely]]
    return s;
  const std::size_t before = out.size();
  detail::io::Writer w(out);
  write_message(w, value);
  w.finish();
  if (!w.failed()) [[likely]]
    return Status();
  out.resize(before);
  return Status(w.take_error());
}

template <class T>
Result<std::vector<std::uint8_t>> Codec::serialize(const T& value) const {
  static_assert(detail::codec::kSupported<T>,
                "kiln: the root type cannot be serialized: see the error above");
  std::vector<std::uint8_t> out;
  constexpr std::size_t kHint = Serializer<T>::template max_bytes<CompressedMode>;
  if constexpr (kHint != kUnbounded) out.reserve(detail::wire::kHeaderBytes + kHint);
  if (Status s = serialize_into(value, out); !s) [[unlikely]]
    return s.error();
  return out;
}

// Spans cross no call boundary in serialize_view, deserialize_into and deserialize: they are
// forced inline and pass a pointer and a length on. In wasm a span argument or result is an
// aggregate passed through linear memory, and reading it back stalled the caller on every message.
template <class T>
KILN_INLINE Result<std::span<const std::uint8_t>> Codec::serialize_view(const T& value) {
  static_assert(detail::codec::kSupported<T>,
                "kiln: the root type cannot be serialized: see the error above");
  const std::size_t n = write_scratch(value);
  if (n == kFailed) [[unlikely]]
    return view_error(value);
  return std::span<const std::uint8_t>(scratch_.data(), n);
}

template <class T>
KILN_INLINE Status Codec::deserialize_into(std::span<const std::uint8_t> bytes, T& out) const {
  static_assert(detail::codec::kSupported<T>,
                "kiln: the root type cannot be serialized: see the error above");
  return deserialize_bytes(bytes.data(), bytes.size(), out);
}

template <class T>
KILN_INLINE Result<T> Codec::deserialize(std::span<const std::uint8_t> bytes) const {
  static_assert(detail::codec::kSupported<T>,
                "kiln: the root type cannot be serialized: see the error above");
  const std::uint8_t* const data = bytes.data();
  const std::size_t size = bytes.size();
  // The value is decoded where the caller receives it: a local returned by value was copied out
  // after being written field by field, and the copy's wide loads of the narrower stores just
  // made stalled on store forwarding. read_flat assigns every field of a type it reads, so such a
  // type is not zeroed first (g++ clears a large struct with `rep stos`, slow to start on x86).
  constexpr bool kUnset =
      detail::codec::kFlatRead<T> && std::is_trivially_default_constructible_v<T>;
  using Init = std::conditional_t<kUnset, detail::DefaultInit, detail::ValueInit>;
  return Result<T>(Init{}, [&](T& value) KILN_INLINE -> Status {
    return deserialize_bytes(data, size, value, kUnset);
  });
}

template <class T>
KILN_INLINE Status Codec::check_options() const {
  if constexpr (!detail::codec::kDescribable<T>) {
    if (options_.compatible) [[unlikely]]
      return not_describable(detail::reflect::type_name<T>);
  }
  return Status();
}

// serialize_view's failure: the error serialize_into gives for the same value.
template <class T>
[[gnu::cold, gnu::noinline]] Error Codec::view_error(const T& value) const {
  std::vector<std::uint8_t> out;
  Status s = serialize_into(value, out);
  assert(!s.has_value());
  return s.error();
}

// serialize_view: the message's size in scratch_, or kFailed if writing failed.
template <class T>
KILN_INLINE std::size_t Codec::write_scratch(const T& value) {
  if constexpr (!detail::codec::kDescribable<T>) {
    if (options_.compatible) [[unlikely]]
      return kFailed;
  }
  if constexpr (detail::codec::kDirect<T>) {
    const std::uint8_t flags = flags_for<T>();
    if (!(flags & detail::wire::kFlagShareStrings)) [[likely]] {
      const bool compress = flags & detail::wire::kFlagCompressNumbers;
      std::size_t n = kNoRoom;
      if (!(flags & detail::wire::kFlagCompatible)) [[likely]]
        n = compress ? write_direct<T, CompressedMode, false>(value, flags)
                     : write_direct<T, FixedMode, false>(value, flags);
      else if constexpr (detail::evolve::Schema<T>::ok)  // flags_for sets compatible only then
        n = compress ? write_direct<T, CompressedMode, true>(value, flags)
                     : write_direct<T, FixedMode, true>(value, flags);
      if (n != kNoRoom) [[likely]]
        return n;
    }
  }
  detail::io::Writer w(scratch_, 0);
  write_message(w, value);
  if (w.failed()) [[unlikely]]
    return kFailed;
  return w.written();
}

// The message's size, or kNoRoom if it did not fit scratch_. The Writer then writes it, growing
// scratch_, and a write_checked never asks for more room than the Writer, so the next message
// of that size fits. A bounded type (Struct) has a size limit known at compile time: scratch_
// grows to it first, and the body is written with one room check. With kTable (compatible mode),
// T's type table, a compile-time constant, follows the header.
template <class T, class M, bool kTable>
KILN_INLINE std::size_t Codec::write_direct(const T& value, std::uint8_t flags) {
  constexpr std::size_t kTableBytes = kTable ? detail::evolve::Schema<T>::size : 0;
  constexpr std::size_t kBody = Serializer<T>::template max_bytes<M>;
  constexpr std::size_t kMax = detail::add_bytes(detail::wire::kHeaderBytes + kTableBytes, kBody);
  if (scratch_.size() < (kBody != kUnbounded ? kMax : detail::wire::kHeaderBytes + kTableBytes))
      [[unlikely]] {
    if constexpr (kBody == kUnbounded) return kNoRoom;
    grow_scratch(kMax);
  }
  std::uint8_t* const begin = scratch_.data();
  std::uint8_t* p = begin;
  if (options_.header) [[likely]]
    p = put_header<T>(p, flags);
  if constexpr (kTable) {
    std::memcpy(p, detail::evolve::Schema<T>::bytes.data(), kTableBytes);
    p += kTableBytes;
  }
  if constexpr (kBody != kUnbounded) {
    Serializer<T>::template write_raw<M>(p, value);
  } else {
    p = Serializer<T>::template write_checked<M>(p, begin + scratch_.size(), value);
    if (p == nullptr) [[unlikely]]
      return kNoRoom;
  }
  return static_cast<std::size_t>(p - begin);
}

// Writes T's header at p, where kHeaderBytes are writable, and returns its end. The fingerprint
// is stored either way; a short header's body overwrites it.
template <class T>
KILN_INLINE std::uint8_t* Codec::put_header(std::uint8_t* p, std::uint8_t flags) {
  constexpr std::uint32_t kFingerprint = fingerprint_of<T>();  // by the compiler
  p[0] = detail::wire::kMagic;
  p[1] = detail::wire::kVersion;
  p[2] = flags;
  detail::io::store_le(p + 3, kFingerprint);
  return p + detail::wire::header_bytes(flags);
}

// The per-message path. A message whose root type has no pointers, without compatible mode or
// shared strings, is read here with every step inlined into the caller: in wasm each call
// level cost a frame on the shadow stack and put the reader in linear memory, which for a
// small struct was most of the time. Everything else goes to read_message, out of line.
//
// A type that read_flat can read keeps only that inline: the general way, out of line, is then
// taken by other flags and by bad messages only, and without it the caller needs no stack
// frame in wasm (with Status in a register, see result.hpp).
template <class T>
KILN_INLINE Status Codec::deserialize_bytes(const std::uint8_t* data, std::size_t size, T& out,
                                            bool unset) const {
  if constexpr (detail::codec::kFlatRead<T>) {
    if (read_flat(data, size, out)) [[likely]]
      return Status();
    // The general way may leave fields alone (those a compatible message lacks): an `out` that
    // was never initialised is zeroed first.
    if (unset) out = T{};
    return read_general_outlined(data, size, out);
  } else {
    return read_general(data, size, out);
  }
}

template <class T>
[[gnu::noinline]] Status Codec::read_general_outlined(const std::uint8_t* data, std::size_t size,
                                                      T& out) const {
  return read_general(data, size, out);
}

template <class T>
KILN_INLINE Status Codec::read_general(const std::uint8_t* data, std::size_t size, T& out) const {
  // constexpr: the fingerprint is computed by the compiler, never per message.
  constexpr std::uint32_t kFingerprint = fingerprint_of<T>();
  detail::Reader r(data, size, options_.limits, options_.validate_utf8);
  std::uint8_t flags = 0;
  if (options_.header) [[likely]] {
    if (!read_header(r, kFingerprint, detail::reflect::type_name<T>, flags)) [[unlikely]]
      return Status(r.take_error());
  } else {
    // Agreed out of band: the reader's own options, which must be ones T can be read with.
    if (Status s = check_options<T>(); !s) [[unlikely]]
      return s;
    flags = flags_for<T>();
  }
  r.set_flags(flags);
  constexpr std::uint8_t kSlowFlags =
      detail::wire::kFlagCompatible | detail::wire::kFlagShareStrings;
  bool ok;
  if (!detail::graph::needs_graph<T> && !(flags & kSlowFlags)) [[likely]]
    ok = (flags & detail::wire::kFlagCompressNumbers)
             ? Serializer<T>::template read<CompressedMode>(r, out)
             : Serializer<T>::template read<FixedMode>(r, out);
  else
    ok = read_message(r, flags, out);
  if (ok && r.remaining() == 0) [[likely]]
    return Status();
  return finish_failed_read(r, ok);
}

// A compatible-mode message whose type table is the reader's own (the writer had the same
// version of T) is read the same way after the table; any other table goes the general way.
template <class T>
KILN_INLINE bool Codec::read_flat(const std::uint8_t* p, std::size_t size, T& out) const {
  constexpr std::uint32_t kFingerprint = fingerprint_of<T>();
  // Flags of a body of plain fields: tracking changes nothing without pointers.
  constexpr std::uint8_t kPlain =
      detail::wire::kFlagReferenceTracking | detail::wire::kFlagNoFingerprint |
      detail::wire::kFlagCompressNumbers |
      (detail::evolve::Schema<T>::ok ? detail::wire::kFlagCompatible : 0);
  const std::uint8_t* const end = p + size;
  std::uint8_t flags;
  if (options_.header) [[likely]] {
    if (size < detail::wire::kShortHeaderBytes || p[0] != detail::wire::kMagic ||
        p[1] != detail::wire::kVersion || (p[2] & ~kPlain) != 0)
      return false;
    flags = p[2];
    const std::size_t header = detail::wire::header_bytes(flags);
    if (header == detail::wire::kHeaderBytes &&
        (size < header || detail::io::load_le<std::uint32_t>(p + 3) != kFingerprint))
      return false;
    p += header;
  } else {
    if constexpr (!detail::codec::kDescribable<T>) {
      if (options_.compatible) return false;  // the general way says why
    }
    flags = flags_for<T>();
    if (flags & ~kPlain) return false;
  }
  if constexpr (detail::evolve::Schema<T>::ok) {
    if (flags & detail::wire::kFlagCompatible) {
      if (!detail::evolve::own_table_at<T>(p, end)) return false;
      p += detail::evolve::Schema<T>::size;
    }
  }
  // The general way counts nested structs against the depth limit; this one cannot fail it.
  if (Serializer<T>::checked_depth > options_.limits.max_depth) return false;
  bool ok = false;
  if (flags & detail::wire::kFlagCompressNumbers) {
    if constexpr (detail::CheckedRead<T, CompressedMode>)
      ok = Serializer<T>::template read_checked<CompressedMode>(p, end, out);
  } else {
    if constexpr (detail::CheckedRead<T, FixedMode>)
      ok = Serializer<T>::template read_checked<FixedMode>(p, end, out);
  }
  return ok && p == end;
}

// Messages with an object graph, shared strings or a type table.
template <class T>
[[gnu::noinline]] bool Codec::read_message(detail::Reader& r, std::uint8_t flags, T& out) const {
  const bool compress = flags & detail::wire::kFlagCompressNumbers;
  // A compatible-mode reader may skip pointers of a newer writer's type, which number objects.
  // Skipped polymorphic objects number type names (5.11) with or without reference tracking.
  if (detail::graph::needs_graph<T> || (flags & detail::wire::kFlagShareStrings) ||
      (flags & detail::wire::kFlagCompatible)) {
    // Objects read so far live here until the message is done, so a back-reference can find
    // them; afterwards only their owners in `out` keep them.
    detail::graph::ReadContext g;
    g.registry = types_.get();
    g.track = (flags & detail::wire::kFlagReferenceTracking) != 0;
    g.share_strings = (flags & detail::wire::kFlagShareStrings) != 0;
    r.set_graph(&g);
    // Which shared objects `out` owns alone, so that new objects may be read into them (a
    // placeholder for types without such pointers, which need no table of eight weak_ptrs).
    [[maybe_unused]] std::conditional_t<detail::graph::has_inline_shared<T>,
                                        detail::graph::InlineOwners, char>
        owners{};
    if constexpr (detail::graph::has_inline_shared<T>) {
      detail::graph::count_inline_owners(out, owners);
      g.owners = &owners;
    }
    bool ok = read_body(r, flags, compress, out);
    r.set_graph(nullptr);
    return ok;
  }
  return read_body(r, flags, compress, out);
}

template <class T>
bool Codec::read_body(detail::Reader& r, std::uint8_t flags, bool compress, T& out) {
  if (flags & detail::wire::kFlagCompatible)
    return detail::evolve::read_table_and_body(r, compress, out);
  return compress ? Serializer<T>::template read<CompressedMode>(r, out)
                  : Serializer<T>::template read<FixedMode>(r, out);
}

// Checks magic, version, flags and the root type's fingerprint (when the message has one). A
// well-formed header of a message at least 7 bytes long is checked inline (no call, flags stay
// in a register); anything else goes to read_header_checked, which also finds the first
// problem and reports it.
KILN_INLINE inline bool Codec::read_header(detail::Reader& r, std::uint32_t fingerprint,
                                           std::string_view type, std::uint8_t& flags) {
  const std::uint8_t* p = r.cursor();
  if (r.remaining() >= detail::wire::kHeaderBytes && p[0] == detail::wire::kMagic &&
      p[1] == detail::wire::kVersion && (p[2] & ~detail::wire::kSupportedFlags) == 0) {
    const std::uint8_t f = p[2];
    if (f & detail::wire::kFlagNoFingerprint) {
      flags = f;
      r.advance_to(p + detail::wire::kShortHeaderBytes);
      return true;
    }
    if (detail::io::load_le<std::uint32_t>(p + 3) == fingerprint ||
        (f & detail::wire::kFlagCompatible)) {
      flags = f;
      r.advance_to(p + detail::wire::kHeaderBytes);
      return true;
    }
  }
  return read_header_checked(r, fingerprint, type, flags);
}

// The per-message write path, split like deserialize_bytes: the header and a plain body
// inline, graphs, shared strings and type tables out of line in write_graph_or_table.
template <class T>
KILN_INLINE void Codec::write_message(detail::io::Writer& w, const T& value) const {
  const std::uint8_t flags = flags_for<T>();
  const bool compatible = (flags & detail::wire::kFlagCompatible) != 0;
  w.set_flags(flags);
  w.set_check_utf8(options_.validate_utf8);
  if (options_.header) [[likely]] {
    w.ensure(detail::wire::kHeaderBytes);
    w.advance_to(put_header<T>(w.cursor(), flags));
  }
  if (!detail::graph::needs_graph<T> && !options_.share_strings && !compatible) [[likely]]
    write_body(w, value);
  else
    write_graph_or_table(w, value, compatible);
}

template <class T>
[[gnu::noinline]] void Codec::write_graph_or_table(detail::io::Writer& w, const T& value,
                                                   bool compatible) const {
  if (compatible) detail::evolve::write_table<T>(w);
  if (detail::graph::needs_graph<T> || options_.share_strings) {
    detail::graph::WriteContext g;
    g.registry = types_.get();
    g.track = options_.track_references;
    g.share_strings = options_.share_strings;
    // Polymorphic objects extend the table in the body (docs/FORMAT.md 10.5).
    [[maybe_unused]] std::conditional_t<detail::evolve::Schema<T>::poly, detail::evolve::Builder,
                                        char>
        table{};
    if constexpr (detail::evolve::Schema<T>::poly) {
      if (compatible) {
        table = detail::evolve::Schema<T>::seed();
        g.table = &table;
      }
    }
    w.set_graph(&g);
    write_body(w, value);
    w.set_graph(nullptr);
  } else {
    write_body(w, value);
  }
}

template <class T>
KILN_INLINE void Codec::write_body(detail::io::Writer& w, const T& value) const {
  if (options_.compress_numbers)
    Serializer<T>::template write<CompressedMode>(w, value);
  else
    Serializer<T>::template write<FixedMode>(w, value);
}

template <class T>
KILN_INLINE std::uint8_t Codec::flags_for() const {
  return detail::evolve::Schema<T>::ok ? flags_with_table_ : flags_;
}

#pragma GCC diagnostic pop

}  // namespace kiln
