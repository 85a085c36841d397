// kiln::Codec declared without its engine: the class, its options and the signatures of its
// entry points. A translation unit that calls codecs compiled in another one (KILN_INSTANTIATE,
// in kiln/codec.hpp) includes only this, and so does not parse or instantiate the serializers.
// kiln/codec.hpp defines the entry points.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "kiln/base/error.hpp"
#include "kiln/base/options.hpp"
#include "kiln/base/result.hpp"
#include "kiln/detail/ser/holds_views.hpp"
#include "kiln/detail/wire/header.hpp"

namespace kiln {

class TypeRegistry;

namespace detail {
class Reader;
namespace io {
class Writer;
}  // namespace io
}  // namespace detail

// Holds options and a reusable scratch buffer; not thread-safe (one Codec per thread, or the
// thread-safe facade).
class Codec {
 public:
  // `types` lists the derived classes that polymorphic pointers may hold; it cannot change once
  // a codec holds it.
  explicit Codec(Options options = {}, std::shared_ptr<const TypeRegistry> types = {})
      : options_(options),
        types_(std::move(types)),
        flags_(plain_flags(options)),
        flags_with_table_(static_cast<std::uint8_t>(
            flags_ | (options.compatible ? detail::wire::kFlagCompatible : 0))) {}

  const Options& options() const noexcept { return options_; }
  const TypeRegistry* types() const noexcept { return types_.get(); }

  // Appends the message for `value` to `out`. Writing fails only for a value the format cannot
  // hold as given: an object of an unregistered polymorphic type, or a cycle without
  // Options::track_references. Then `out` is left as it was.
  template <class T>
  [[nodiscard]] Status serialize_into(const T& value, std::vector<std::uint8_t>& out) const;

  // Returns the message for `value` as a new vector, or why it could not be written (see
  // serialize_into).
  template <class T>
  [[nodiscard]] Result<std::vector<std::uint8_t>> serialize(const T& value) const;

  // Writes into this codec's scratch buffer and returns a view of it, valid until the next call
  // on this codec. The fastest way out: no allocation once the buffer has grown. On failure, the
  // error (see serialize_into).
  template <class T>
  [[nodiscard]] Result<std::span<const std::uint8_t>> serialize_view(const T& value);

  // Decodes a message into `out`. On error `out` may be partly written.
  template <class T>
  [[nodiscard]] Status deserialize_into(std::span<const std::uint8_t> bytes, T& out) const;

  template <class T>
  [[nodiscard]] Result<T> deserialize(std::span<const std::uint8_t> bytes) const;

  // A T holding views (std::string_view, std::span<const std::uint8_t>) points into the bytes it
  // is read from, which must outlive it: decoding one from a temporary vector is refused.
  template <class T>
  requires detail::holds_views<T> Status deserialize_into(std::vector<std::uint8_t>&& bytes, T& out)
  const = delete;
  template <class T>
  requires detail::holds_views<T> Result<T> deserialize(std::vector<std::uint8_t>&& bytes)
  const = delete;

 private:
  // The engine, defined in kiln/codec.hpp: see there for what each step does.
  template <class T>
  Status check_options() const;
  [[gnu::cold, gnu::noinline]] static Status not_describable(std::string_view type);
  template <class T>
  Error view_error(const T& value) const;

  static constexpr std::size_t kFailed = static_cast<std::size_t>(-1);
  static constexpr std::size_t kNoRoom = static_cast<std::size_t>(-1);
  template <class T>
  std::size_t write_scratch(const T& value);
  template <class T, class M, bool kTable>
  std::size_t write_direct(const T& value, std::uint8_t flags);
  [[gnu::noinline]] void grow_scratch(std::size_t n) { scratch_.resize(n); }
  template <class T>
  static std::uint8_t* put_header(std::uint8_t* p, std::uint8_t flags);

  template <class T>
  // unset: `out` is default-initialised, not yet a value (deserialize<T>).
  Status deserialize_bytes(const std::uint8_t* data, std::size_t size, T& out,
                           bool unset = false) const;
  template <class T>
  Status read_general_outlined(const std::uint8_t* data, std::size_t size, T& out) const;
  template <class T>
  Status read_general(const std::uint8_t* data, std::size_t size, T& out) const;
  template <class T>
  bool read_flat(const std::uint8_t* p, std::size_t size, T& out) const;
  template <class T>
  bool read_message(detail::Reader& r, std::uint8_t flags, T& out) const;
  template <class T>
  static bool read_body(detail::Reader& r, std::uint8_t flags, bool compress, T& out);
  [[gnu::cold, gnu::noinline]] static Status finish_failed_read(detail::Reader& r, bool ok);
  static inline bool read_header(detail::Reader& r, std::uint32_t fingerprint,
                                 std::string_view type, std::uint8_t& flags);
  static bool read_header_checked(detail::Reader& r, std::uint32_t fingerprint,
                                  std::string_view type, std::uint8_t& flags);

  template <class T>
  void write_message(detail::io::Writer& w, const T& value) const;
  template <class T>
  void write_graph_or_table(detail::io::Writer& w, const T& value, bool compatible) const;
  template <class T>
  void write_body(detail::io::Writer& w, const T& value) const;

  // The flags of a message of T under these options: the header's, or, without a header, the
  // ones both sides agree on. A type without a compatible-mode description is always written
  // schema-consistent. Both values are computed by the constructor (the options cannot change
  // afterwards); from the six option fields, they had been a dozen loads and selects per message.
  template <class T>
  std::uint8_t flags_for() const;
  static std::uint8_t plain_flags(const Options& o) {
    return static_cast<std::uint8_t>(
        (o.compress_numbers ? detail::wire::kFlagCompressNumbers : 0) |
        (o.track_references ? detail::wire::kFlagReferenceTracking : 0) |
        (o.share_strings ? detail::wire::kFlagShareStrings : 0) |
        (o.fingerprint && o.header ? 0 : detail::wire::kFlagNoFingerprint));
  }

  Options options_;
  std::shared_ptr<const TypeRegistry> types_;
  std::uint8_t flags_;             // flags_for a type without a compatible-mode description
  std::uint8_t flags_with_table_;  // and for one with
  std::vector<std::uint8_t> scratch_;
};

}  // namespace kiln
