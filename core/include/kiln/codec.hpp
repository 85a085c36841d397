// kiln::Codec: the public API. Holds options and a reusable scratch buffer; not thread-safe
// (one Codec per thread, or the thread-safe facade).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "kiln/error.hpp"
#include "kiln/evolve/compatible.hpp"
#include "kiln/options.hpp"
#include "kiln/reflect/type_name.hpp"
#include "kiln/result.hpp"
#include "kiln/ser/serializer.hpp"
#include "kiln/wire/header.hpp"

namespace kiln {

class Codec {
 public:
  explicit Codec(Options options = {}) : options_(options) {}

  const Options& options() const noexcept { return options_; }

  // Appends the message for `value` to `out`.
  template <Serializable T>
  void serialize_into(const T& value, std::vector<std::uint8_t>& out) const {
    io::Writer w(out);
    write_message(w, value);
    w.finish();
  }

  // Returns the message for `value` as a new vector.
  template <Serializable T>
  std::vector<std::uint8_t> serialize(const T& value) const {
    std::vector<std::uint8_t> out;
    constexpr std::size_t kHint = Serializer<T>::template max_bytes<CompressedMode>;
    if constexpr (kHint != kUnbounded) out.reserve(wire::kHeaderBytes + kHint);
    serialize_into(value, out);
    return out;
  }

  // Writes into this codec's scratch buffer and returns a view of it, valid until the next call
  // on this codec. The fastest way out: no allocation once the buffer has grown.
  template <Serializable T>
  std::span<const std::uint8_t> serialize_view(const T& value) {
    io::Writer w(scratch_, 0);
    write_message(w, value);
    return {scratch_.data(), w.written()};
  }

  // Decodes a message into `out`. On error `out` may be partly written.
  template <Serializable T>
  Status deserialize_into(std::span<const std::uint8_t> bytes, T& out) const {
    // constexpr: the fingerprint is computed by the compiler, never per message.
    constexpr std::uint32_t kFingerprint = fingerprint_of<T>();
    io::Reader r(bytes.data(), bytes.size(), options_.limits, options_.validate_utf8);
    std::uint8_t flags = 0;
    if (!read_header(r, kFingerprint, reflect::type_name<T>, flags)) return Status(r.take_error());
    const bool compress = flags & wire::kFlagCompressNumbers;
    bool ok = false;
    if (flags & wire::kFlagCompatible)
      ok = evolve::read_table_and_body(r, compress, out);
    else
      ok = compress ? Serializer<T>::template read<CompressedMode>(r, out)
                    : Serializer<T>::template read<FixedMode>(r, out);
    if (ok && r.remaining() != 0)
      r.fail(ErrorCode::kTrailingBytes,
             std::to_string(r.remaining()) + " bytes left after the root value");
    return r.failed() ? Status(r.take_error()) : Status();
  }

  template <Serializable T>
  Result<T> deserialize(std::span<const std::uint8_t> bytes) const {
    T value{};
    Status s = deserialize_into(bytes, value);
    if (!s) return s.error();
    return value;
  }

 private:
  template <class T>
  void write_message(io::Writer& w, const T& value) const {
    constexpr std::uint32_t kFingerprint = fingerprint_of<T>();
    // A type without a compatible-mode description is always written schema-consistent.
    const bool compatible = evolve::Schema<T>::ok && options_.compatible;
    w.ensure(wire::kHeaderBytes);
    std::uint8_t* p = w.cursor();
    p[0] = wire::kMagic;
    p[1] = wire::kVersion;
    p[2] = static_cast<std::uint8_t>((options_.compress_numbers ? wire::kFlagCompressNumbers : 0) |
                                     (compatible ? wire::kFlagCompatible : 0));
    io::store_le(p + 3, kFingerprint);
    w.advance_to(p + wire::kHeaderBytes);
    if (compatible) evolve::write_table<T>(w);
    if (options_.compress_numbers)
      Serializer<T>::template write<CompressedMode>(w, value);
    else
      Serializer<T>::template write<FixedMode>(w, value);
  }

  // Checks magic, version, flags and the root type's fingerprint.
  static bool read_header(io::Reader& r, std::uint32_t fingerprint, std::string_view type,
                          std::uint8_t& flags);

  Options options_;
  std::vector<std::uint8_t> scratch_;
};

}  // namespace kiln
