// kiln::Codec: the public API. Holds options and a reusable scratch buffer; not thread-safe
// (one Codec per thread, or the thread-safe facade).
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "kiln/error.hpp"
#include "kiln/evolve/compatible.hpp"
#include "kiln/graph/context.hpp"
#include "kiln/graph/inline_owners.hpp"
#include "kiln/graph/needs_graph.hpp"
#include "kiln/graph/registry.hpp"
#include "kiln/inline.hpp"
#include "kiln/options.hpp"
#include "kiln/reflect/type_name.hpp"
#include "kiln/result.hpp"
#include "kiln/ser/serializer.hpp"
#include "kiln/ser/writes_checked.hpp"
#include "kiln/wire/header.hpp"

namespace kiln {

class Codec {
 public:
  // `types` lists the derived classes that polymorphic pointers may hold; it cannot change once
  // a codec holds it.
  explicit Codec(Options options = {}, std::shared_ptr<const TypeRegistry> types = {})
      : options_(options),
        types_(std::move(types)),
        flags_(plain_flags(options)),
        flags_with_table_(
            static_cast<std::uint8_t>(flags_ | (options.compatible ? wire::kFlagCompatible : 0))) {}

  const Options& options() const noexcept { return options_; }
  const TypeRegistry* types() const noexcept { return types_.get(); }

  // Appends the message for `value` to `out`. Writing fails only for a value the format cannot
  // hold as given: an object of an unregistered polymorphic type, or a cycle without
  // Options::track_references. Then `out` is left as it was.
  template <Serializable T>
  Status serialize_into(const T& value, std::vector<std::uint8_t>& out) const {
    const std::size_t before = out.size();
    io::Writer w(out);
    write_message(w, value);
    w.finish();
    if (!w.failed()) [[likely]]
      return Status();
    out.resize(before);
    return Status(w.take_error());
  }

  // Returns the message for `value` as a new vector; empty if writing failed (see
  // serialize_into, which says why).
  template <Serializable T>
  std::vector<std::uint8_t> serialize(const T& value) const {
    std::vector<std::uint8_t> out;
    constexpr std::size_t kHint = Serializer<T>::template max_bytes<CompressedMode>;
    if constexpr (kHint != kUnbounded) out.reserve(wire::kHeaderBytes + kHint);
    (void)serialize_into(value, out);
    return out;
  }

  // Writes into this codec's scratch buffer and returns a view of it, valid until the next call
  // on this codec. The fastest way out: no allocation once the buffer has grown. Empty if
  // writing failed.
  //
  // Spans cross no call boundary here: these entry points are forced inline and pass a pointer
  // and a length on. In wasm a span argument or result is an aggregate passed through linear
  // memory, and reading it back stalled the caller on every message.
  template <Serializable T>
  KILN_INLINE std::span<const std::uint8_t> serialize_view(const T& value) {
    const std::size_t n = write_scratch(value);
    return {scratch_.data(), n};
  }

  // Decodes a message into `out`. On error `out` may be partly written.
  template <Serializable T>
  KILN_INLINE Status deserialize_into(std::span<const std::uint8_t> bytes, T& out) const {
    return deserialize_bytes(bytes.data(), bytes.size(), out);
  }

  template <Serializable T>
  Result<T> deserialize(std::span<const std::uint8_t> bytes) const {
    T value{};
    Status s = deserialize_bytes(bytes.data(), bytes.size(), value);
    if (!s) return s.error();
    return value;
  }

 private:
  // serialize_view: the message's size in scratch_, or 0 if writing failed.
  template <class T>
  KILN_INLINE std::size_t write_scratch(const T& value) {
    if constexpr (kDirect<T>) {
      const std::uint8_t flags = flags_for<T>();
      if (!(flags & wire::kFlagShareStrings)) [[likely]] {
        const bool compress = flags & wire::kFlagCompressNumbers;
        std::size_t n = kNoRoom;
        if (!(flags & wire::kFlagCompatible)) [[likely]]
          n = compress ? write_direct<T, CompressedMode, false>(value, flags)
                       : write_direct<T, FixedMode, false>(value, flags);
        else if constexpr (evolve::Schema<T>::ok)  // flags_for sets compatible only then
          n = compress ? write_direct<T, CompressedMode, true>(value, flags)
                       : write_direct<T, FixedMode, true>(value, flags);
        if (n != kNoRoom) [[likely]]
          return n;
      }
    }
    io::Writer w(scratch_, 0);
    write_message(w, value);
    if (w.failed()) [[unlikely]]
      return 0;
    return w.written();
  }

  // A root type with no pointers whose every part can be written without a Writer: its message
  // is written straight into scratch_ with plain pointers. The Writer lives in linear memory in
  // wasm (its address reaches the out-of-line growth and error paths), so every field written
  // through it loaded and stored its cursor.
  template <class T>
  static constexpr bool kDirect =
      !graph::needs_graph<T> && writes_checked<T, CompressedMode> && writes_checked<T, FixedMode>;
  static constexpr std::size_t kNoRoom = static_cast<std::size_t>(-1);
  // The message's size, or kNoRoom if it did not fit scratch_. The Writer then writes it, growing
  // scratch_, and a write_checked never asks for more room than the Writer, so the next message
  // of that size fits. A
  // bounded type (Struct) has a size limit known at compile time: scratch_ grows to it first, and
  // the body is written with one room check. With kTable (compatible mode), T's type table, a
  // compile-time constant, follows the header.
  template <class T, class M, bool kTable>
  KILN_INLINE std::size_t write_direct(const T& value, std::uint8_t flags) {
    constexpr std::size_t kTableBytes = kTable ? evolve::Schema<T>::size : 0;
    constexpr std::size_t kBody = Serializer<T>::template max_bytes<M>;
    constexpr std::size_t kMax = add_bytes(wire::kHeaderBytes + kTableBytes, kBody);
    if (scratch_.size() < (kBody != kUnbounded ? kMax : wire::kHeaderBytes + kTableBytes))
        [[unlikely]] {
      if constexpr (kBody == kUnbounded) return kNoRoom;
      grow_scratch(kMax);
    }
    std::uint8_t* const begin = scratch_.data();
    std::uint8_t* p = begin;
    if (options_.header) [[likely]]
      p = put_header<T>(p, flags);
    if constexpr (kTable) {
      std::memcpy(p, evolve::Schema<T>::bytes.data(), kTableBytes);
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
  [[gnu::noinline]] void grow_scratch(std::size_t n) { scratch_.resize(n); }

  // Writes T's header at p, where kHeaderBytes are writable, and returns its end. The fingerprint
  // is stored either way; a short header's body overwrites it.
  template <class T>
  KILN_INLINE static std::uint8_t* put_header(std::uint8_t* p, std::uint8_t flags) {
    constexpr std::uint32_t kFingerprint = fingerprint_of<T>();  // by the compiler
    p[0] = wire::kMagic;
    p[1] = wire::kVersion;
    p[2] = flags;
    io::store_le(p + 3, kFingerprint);
    return p + wire::header_bytes(flags);
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
  KILN_INLINE Status deserialize_bytes(const std::uint8_t* data, std::size_t size, T& out) const {
    if constexpr (kFlatRead<T>) {
      if (read_flat(data, size, out)) [[likely]]
        return Status();
      return read_general_outlined(data, size, out);
    } else {
      return read_general(data, size, out);
    }
  }
  template <class T>
  [[gnu::noinline]] Status read_general_outlined(const std::uint8_t* data, std::size_t size,
                                                 T& out) const {
    return read_general(data, size, out);
  }
  template <class T>
  KILN_INLINE Status read_general(const std::uint8_t* data, std::size_t size, T& out) const {
    // constexpr: the fingerprint is computed by the compiler, never per message.
    constexpr std::uint32_t kFingerprint = fingerprint_of<T>();
    io::Reader r(data, size, options_.limits, options_.validate_utf8);
    std::uint8_t flags = 0;
    if (options_.header) [[likely]] {
      if (!read_header(r, kFingerprint, reflect::type_name<T>, flags)) [[unlikely]]
        return Status(r.take_error());
    } else {
      flags = flags_for<T>();  // agreed out of band: the reader's own options
    }
    r.set_flags(flags);
    constexpr std::uint8_t kSlowFlags = wire::kFlagCompatible | wire::kFlagShareStrings;
    bool ok;
    if (!graph::needs_graph<T> && !(flags & kSlowFlags)) [[likely]]
      ok = (flags & wire::kFlagCompressNumbers)
               ? Serializer<T>::template read<CompressedMode>(r, out)
               : Serializer<T>::template read<FixedMode>(r, out);
    else
      ok = read_message(r, flags, out);
    if (ok && r.remaining() == 0) [[likely]]
      return Status();
    return finish_failed_read(r, ok);
  }

  // A root type without pointers made of numbers, enums, arrays and structs (Struct): a
  // well-formed message of it is read with plain pointers, without a Reader, which in wasm lives
  // in linear memory; an exact type (every value one size, any bytes valid) with one size check.
  // Anything else, errors included, goes the general way, which also says what is wrong.
  template <class T>
  static constexpr bool kFlatRead =
      !graph::needs_graph<T> && (CheckedRead<T, FixedMode> || CheckedRead<T, CompressedMode>);
  // A compatible-mode message whose type table is the reader's own (the writer had the same
  // version of T) is read the same way after the table; any other table goes the general way.
  template <class T>
  KILN_INLINE bool read_flat(const std::uint8_t* p, std::size_t size, T& out) const {
    constexpr std::uint32_t kFingerprint = fingerprint_of<T>();
    // Flags of a body of plain fields: tracking changes nothing without pointers.
    constexpr std::uint8_t kPlain = wire::kFlagReferenceTracking | wire::kFlagNoFingerprint |
                                    wire::kFlagCompressNumbers |
                                    (evolve::Schema<T>::ok ? wire::kFlagCompatible : 0);
    const std::uint8_t* const end = p + size;
    std::uint8_t flags;
    if (options_.header) [[likely]] {
      if (size < wire::kShortHeaderBytes || p[0] != wire::kMagic || p[1] != wire::kVersion ||
          (p[2] & ~kPlain) != 0)
        return false;
      flags = p[2];
      const std::size_t header = wire::header_bytes(flags);
      if (header == wire::kHeaderBytes &&
          (size < header || io::load_le<std::uint32_t>(p + 3) != kFingerprint))
        return false;
      p += header;
    } else {
      flags = flags_for<T>();
      if (flags & ~kPlain) return false;
    }
    if constexpr (evolve::Schema<T>::ok) {
      if (flags & wire::kFlagCompatible) {
        if (!evolve::own_table_at<T>(p, end)) return false;
        p += evolve::Schema<T>::size;
      }
    }
    // The general way counts nested structs against the depth limit; this one cannot fail it.
    if (Serializer<T>::checked_depth > options_.limits.max_depth) return false;
    bool ok = false;
    if (flags & wire::kFlagCompressNumbers) {
      if constexpr (CheckedRead<T, CompressedMode>)
        ok = Serializer<T>::template read_checked<CompressedMode>(p, end, out);
    } else {
      if constexpr (CheckedRead<T, FixedMode>)
        ok = Serializer<T>::template read_checked<FixedMode>(p, end, out);
    }
    return ok && p == end;
  }

  // Messages with an object graph, shared strings or a type table.
  template <class T>
  [[gnu::noinline]] bool read_message(io::Reader& r, std::uint8_t flags, T& out) const {
    const bool compress = flags & wire::kFlagCompressNumbers;
    if (graph::needs_graph<T> || (flags & wire::kFlagShareStrings)) {
      // Objects read so far live here until the message is done, so a back-reference can find
      // them; afterwards only their owners in `out` keep them.
      graph::ReadContext g;
      g.registry = types_.get();
      g.track = (flags & wire::kFlagReferenceTracking) != 0;
      g.share_strings = (flags & wire::kFlagShareStrings) != 0;
      r.set_graph(&g);
      // Which shared objects `out` owns alone, so that new objects may be read into them (a
      // placeholder for types without such pointers, which need no table of eight weak_ptrs).
      [[maybe_unused]] std::conditional_t<graph::has_inline_shared<T>, graph::InlineOwners, char>
          owners{};
      if constexpr (graph::has_inline_shared<T>) {
        graph::count_inline_owners(out, owners);
        g.owners = &owners;
      }
      bool ok = read_body(r, flags, compress, out);
      r.set_graph(nullptr);
      return ok;
    }
    return read_body(r, flags, compress, out);
  }
  template <class T>
  static bool read_body(io::Reader& r, std::uint8_t flags, bool compress, T& out) {
    if (flags & wire::kFlagCompatible) return evolve::read_table_and_body(r, compress, out);
    return compress ? Serializer<T>::template read<CompressedMode>(r, out)
                    : Serializer<T>::template read<FixedMode>(r, out);
  }
  // The error of a read that failed, or that left bytes after the root value.
  [[gnu::cold, gnu::noinline]] static Status finish_failed_read(io::Reader& r, bool ok);

  // The per-message write path, split like deserialize_bytes: the header and a plain body
  // inline, graphs, shared strings and type tables out of line in write_graph_or_table.
  template <class T>
  KILN_INLINE void write_message(io::Writer& w, const T& value) const {
    const std::uint8_t flags = flags_for<T>();
    const bool compatible = (flags & wire::kFlagCompatible) != 0;
    w.set_flags(flags);
    if (options_.header) [[likely]] {
      w.ensure(wire::kHeaderBytes);
      w.advance_to(put_header<T>(w.cursor(), flags));
    }
    if (!graph::needs_graph<T> && !options_.share_strings && !compatible) [[likely]]
      write_body(w, value);
    else
      write_graph_or_table(w, value, compatible);
  }
  template <class T>
  [[gnu::noinline]] void write_graph_or_table(io::Writer& w, const T& value,
                                              bool compatible) const {
    if (compatible) evolve::write_table<T>(w);
    if (graph::needs_graph<T> || options_.share_strings) {
      graph::WriteContext g;
      g.registry = types_.get();
      g.track = options_.track_references;
      g.share_strings = options_.share_strings;
      w.set_graph(&g);
      write_body(w, value);
      w.set_graph(nullptr);
    } else {
      write_body(w, value);
    }
  }
  template <class T>
  KILN_INLINE void write_body(io::Writer& w, const T& value) const {
    if (options_.compress_numbers)
      Serializer<T>::template write<CompressedMode>(w, value);
    else
      Serializer<T>::template write<FixedMode>(w, value);
  }

  // The flags of a message of T under these options: the header's, or, without a header, the
  // ones both sides agree on. A type without a compatible-mode description is always written
  // schema-consistent. Both values are computed by the constructor (the options cannot change
  // afterwards); from the six option fields, they had been a dozen loads and selects per message.
  template <class T>
  KILN_INLINE std::uint8_t flags_for() const {
    return evolve::Schema<T>::ok ? flags_with_table_ : flags_;
  }
  static std::uint8_t plain_flags(const Options& o) {
    return static_cast<std::uint8_t>((o.compress_numbers ? wire::kFlagCompressNumbers : 0) |
                                     (o.track_references ? wire::kFlagReferenceTracking : 0) |
                                     (o.share_strings ? wire::kFlagShareStrings : 0) |
                                     (o.fingerprint && o.header ? 0 : wire::kFlagNoFingerprint));
  }

  // Checks magic, version, flags and the root type's fingerprint (when the message has one). A
  // well-formed header of a message at least 7 bytes long is checked inline (no call, flags stay
  // in a register); anything else goes to read_header_checked, which also finds the first
  // problem and reports it.
  KILN_INLINE static bool read_header(io::Reader& r, std::uint32_t fingerprint,
                                      std::string_view type, std::uint8_t& flags) {
    const std::uint8_t* p = r.cursor();
    if (r.remaining() >= wire::kHeaderBytes && p[0] == wire::kMagic && p[1] == wire::kVersion &&
        (p[2] & ~wire::kSupportedFlags) == 0) {
      const std::uint8_t f = p[2];
      if (f & wire::kFlagNoFingerprint) {
        flags = f;
        r.advance_to(p + wire::kShortHeaderBytes);
        return true;
      }
      if (io::load_le<std::uint32_t>(p + 3) == fingerprint || (f & wire::kFlagCompatible)) {
        flags = f;
        r.advance_to(p + wire::kHeaderBytes);
        return true;
      }
    }
    return read_header_checked(r, fingerprint, type, flags);
  }
  static bool read_header_checked(io::Reader& r, std::uint32_t fingerprint, std::string_view type,
                                  std::uint8_t& flags);

  Options options_;
  std::shared_ptr<const TypeRegistry> types_;
  std::uint8_t flags_;             // flags_for a type without a compatible-mode description
  std::uint8_t flags_with_table_;  // and for one with
  std::vector<std::uint8_t> scratch_;
};

}  // namespace kiln
