// A polymorphic object's type index in a compatible-mode message (docs/FORMAT.md 10.5): the
// writer names the object's type by its index in the message's table, appending the type's entry
// (and those of the structs it reaches that the table lacks) at its first object; the reader
// reads the index, with any entries, and binds that struct to the type its registry names.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "kiln/detail/evolve/describe.hpp"
#include "kiln/detail/evolve/read_context.hpp"
#include "kiln/detail/evolve/type_table.hpp"
#include "kiln/detail/io/writer.hpp"

namespace kiln::detail::evolve {

// `describe` is describe_derived<D> for the object's dynamic type D; `table` the message's table
// so far (Schema<Root>::seed() and what the body added).
inline void write_type_index(io::Writer& w, Builder& table, std::size_t (*describe)(Builder&),
                             std::string_view type_name) {
  const std::size_t known = table.type_count;
  table.out = nullptr;
  const std::size_t index = describe(table);
  if (table.ok && index < known) {
    w.write_varint(index);
    return;
  }
  // The type's first object: count its entries (which may add more types), then write them.
  table.size = 0;
  for (std::size_t i = known; table.ok && i < table.type_count; ++i) table.types[i].fields(table);
  if (!table.ok) {
    w.fail(ErrorCode::kUnsupportedOption,
           std::string(type_name) +
               " has no compatible-mode description, or the message would need more than " +
               std::to_string(Builder::kMaxTypes) + " struct types");
    return;
  }
  const std::size_t count = table.type_count - known;
  const std::size_t size = table.size;
  w.write_varint(index);
  w.write_varint(count);
  w.ensure(size);
  table.out = w.cursor();
  table.size = 0;
  for (std::size_t i = known; i < known + count; ++i) table.types[i].fields(table);
  table.out = nullptr;
  w.advance_to(w.cursor() + size);
}

// Reads the index (and any entries it adds) and binds that struct to `local`'s root type.
inline bool bind_type_index(Reader& r, LocalTable local, std::uint32_t& index) {
  ReadContext* ctx = r.evolve_context();
  std::size_t at = 0;
  if (!read_type_index(r, ctx->wire(), index, at)) return false;
  return ctx->bind_object(r, index, local, at);
}

// An object a skipped weak_ptr announced (its index already read): binds it where a pointer the
// reader reads first refers to it.
inline bool bind_announced(Reader& r, std::uint32_t index, LocalTable local) {
  return r.evolve_context()->bind_object(r, index, local, r.offset());
}

}  // namespace kiln::detail::evolve
