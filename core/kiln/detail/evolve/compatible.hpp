// Compatible mode's message layout (docs/FORMAT.md section 10): header, type table, body. The
// body is the schema-consistent encoding of the root value; the table says how to read it.
#pragma once

#include "kiln/detail/evolve/describe.hpp"
#include "kiln/detail/evolve/read_context.hpp"
#include "kiln/detail/evolve/struct_reader.hpp"
#include "kiln/detail/evolve/type_table.hpp"
#include "kiln/detail/io/equal_bytes.hpp"
#include "kiln/detail/ser/serializer.hpp"

namespace kiln::detail::evolve {

// The reader's own table, parsed once.
template <class T>
const TypeTable& local_table() {
  static const TypeTable table = [] {
    TypeTable t;
    Reader r(Schema<T>::bytes.data(), Schema<T>::size);
    parse_type_table(r, t);
    return t;
  }();
  return table;
}

// T's own table and the C++ types of its structs, for binding; no table for a type without a
// description.
template <class T>
LocalTable local_types() {
  if constexpr (Schema<T>::ok)
    return {&local_table<T>(), Schema<T>::tags.data()};
  else
    return {};
}

// Writes T's table (a compile-time constant) after the header.
template <class T>
void write_table(io::Writer& w) {
  w.write_bytes(Schema<T>::bytes.data(), Schema<T>::size);
}

// Whether the type table at [p, end) is T's own, byte for byte: the writer had the reader's
// version of T, and the body can be read as in schema-consistent mode.
template <class T>
inline KILN_INLINE bool own_table_at(const std::uint8_t* p, const std::uint8_t* end) {
  return static_cast<std::size_t>(end - p) >= Schema<T>::size &&
         io::equal_bytes<Schema<T>::size>(p, Schema<T>::bytes.data());
}

// Reads the table and the body that follows it.
template <class T>
bool read_table_and_body(Reader& r, bool compress, T& out) {
  if constexpr (!Schema<T>::ok) {
    // At the flags byte, which asked for it (a header-less reader never does: its flags come
    // from Codec::flags_for, which leaves compatible mode out for such a type).
    return r.fail_at(
        2, ErrorCode::kBadFlags,
        std::string(reflect::type_name<T>) + " cannot be read from a compatible-mode message");
  } else {
    // The writer had the reader's schema: read the body as in schema-consistent mode. Not with
    // polymorphic pointers, whose objects name their types in the body (docs/FORMAT.md 10.5).
    if (!Schema<T>::poly && own_table_at<T>(r.cursor(), r.cursor() + r.remaining())) {
      r.advance_to(r.cursor() + Schema<T>::size);
      return compress ? Serializer<T>::template read<CompressedMode>(r, out)
                      : Serializer<T>::template read<FixedMode>(r, out);
    }
    TypeTable wire;
    if (!parse_type_table(r, wire)) return false;
    ReadContext ctx(wire, local_types<T>(), r.remaining());
    if (!ctx.bind_root(r)) return false;
    r.set_evolve_context(&ctx);
    bool ok = compress ? Serializer<T>::template read<Mode<true, true>>(r, out)
                       : Serializer<T>::template read<Mode<false, true>>(r, out);
    r.set_evolve_context(nullptr);
    return ok;
  }
}

}  // namespace kiln::detail::evolve
