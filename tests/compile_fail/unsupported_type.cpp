// Built as it is, the file compiles. Built with -D<CASE> for each "expect" line below, it must
// not, and the compiler's first error must be Kiln's message saying what to do, with that line's
// text, rather than an error from deep inside a serializer (tests/compile_fail/first_error.cmake).
//
// clang-format off
// expect ROOT: kiln: T cannot be serialized: list its fields with KILN_FIELDS(T, ...), make it an aggregate, or specialize kiln::Adapter<T>
// expect FIELD: kiln: T cannot be serialized: list its fields with KILN_FIELDS(T, ...)
// expect ELEMENT: kiln: T cannot be serialized: list its fields with KILN_FIELDS(T, ...)
// expect READ_ROOT: kiln: T cannot be serialized: list its fields with KILN_FIELDS(T, ...)
// expect BAD_ADAPTER: kiln: kiln::Adapter<T> needs `using wire_type = W
// expect ADAPTED_BUILTIN: kiln: kiln::Adapter<T> is specialized for a type Kiln serializes itself
// expect BAD_SERIALIZER: kiln: kiln::Serializer<T> lacks members of the protocol
// expect BAD_WIRE_NAME: kiln: a wire name (kiln_name or kiln::WireName<T>::name) is 1 to 255 ASCII characters
// expect BAD_ENUM_NAME: kiln: a wire name (kiln_name or kiln::WireName<T>::name) is 1 to 255 ASCII characters
// expect WIDE_SPAN: kiln: only std::span<const E> with one-byte elements (uint8_t, int8_t, char, std::byte) can be read as a view
// clang-format on
#include <kiln/kiln.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

// Neither an aggregate (a private member) nor listed with KILN_FIELDS, and without an adapter.
class Opaque {
 public:
  Opaque() = default;
  std::int32_t get() const { return secret_; }

 private:
  std::int32_t secret_ = 0;
};
struct Holder {
  std::int32_t id;
  Opaque opaque;
};
struct Many {
  std::vector<std::optional<Opaque>> items;
};

// Supported: an adapted Opaque inside a struct.
class Handle {
 public:
  Handle() = default;
  explicit Handle(std::int32_t v) : v_(v) {}
  std::int32_t get() const { return v_; }

 private:
  std::int32_t v_ = 0;
};
template <>
struct kiln::Adapter<Handle> {
  using wire_type = std::int32_t;
  static wire_type to_wire(const Handle& h) { return h.get(); }
  static void from_wire(wire_type&& w, Handle& out) { out = Handle(w); }
};
struct Fine {
  Handle handle;
  std::vector<Handle> more;
};

#ifdef BAD_ADAPTER
template <>
struct kiln::Adapter<Opaque> {  // no from_wire
  using wire_type = std::int32_t;
  static wire_type to_wire(const Opaque& o) { return o.get(); }
};
#endif

#ifdef ADAPTED_BUILTIN
template <>
struct kiln::Adapter<std::vector<std::int32_t>> {
  using wire_type = std::int64_t;
  static wire_type to_wire(const std::vector<std::int32_t>& v) {
    return static_cast<wire_type>(v.size());
  }
  static void from_wire(wire_type&&, std::vector<std::int32_t>&) {}
};
#endif

#ifdef BAD_SERIALIZER
template <>
struct kiln::Serializer<Opaque> {  // no read
  static constexpr std::size_t min_bytes = 4;
  template <class M>
  static constexpr std::size_t max_bytes = kUnbounded;
  template <class M>
  static constexpr bool exact = false;
  static constexpr void fingerprint(Hasher& h) { h.add("opaque"); }
  template <class M>
  static void write(Writer& w, const Opaque& o) {
    w.write_fixed(o.get());
  }
};
#endif

#ifdef BAD_WIRE_NAME
struct Renamed {
  static constexpr std::string_view kiln_name = "two words";
  std::int32_t id;
};
#endif
#ifdef BAD_ENUM_NAME
enum class Colour : std::uint8_t { red, green };
template <>
struct kiln::WireName<Colour> {
  static constexpr std::string_view name = "";
};
struct Paint {
  Colour colour;
};
#endif

int main() {
  kiln::Codec codec;
  bool ok = codec.serialize(Fine{Handle(1), {Handle(2)}}).has_value();
#if defined(ROOT) || defined(BAD_ADAPTER) || defined(BAD_SERIALIZER)
  ok = ok && codec.serialize(Opaque{}).has_value();
#elif defined(FIELD)
  ok = ok && codec.serialize(Holder{}).has_value();
#elif defined(ELEMENT)
  ok = ok && codec.serialize(Many{}).has_value();
#elif defined(READ_ROOT)
  ok = ok && codec.deserialize<Opaque>(std::vector<std::uint8_t>{}).has_value();
#elif defined(BAD_WIRE_NAME)
  ok = ok && codec.serialize(Renamed{1}).has_value();
#elif defined(BAD_ENUM_NAME)
  ok = ok && codec.serialize(Paint{Colour::green}).has_value();
#elif defined(WIDE_SPAN)
  struct Samples {
    std::span<const std::int32_t> values;
  };
  ok = ok && codec.serialize(Samples{}).has_value();
#elif defined(ADAPTED_BUILTIN)
  ok = ok && codec.serialize(std::vector<std::int32_t>{1, 2}).has_value();
#endif
  return ok ? 0 : 1;
}
