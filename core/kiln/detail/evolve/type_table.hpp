// A compatible-mode type table read from a message (or from a reader's own compile-time table),
// validated once so that everything walking it afterwards can trust its shape. Descriptors are
// kept as pointers into the parsed bytes, which must outlive the table.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kiln/detail/ser/reader.hpp"

namespace kiln::detail::evolve {

struct WireField {
  std::uint32_t id;
  std::string_view name;
  const std::uint8_t* type;  // descriptor
  std::size_t at;            // offset of the field's entry in the message, for errors
};

struct WireType {
  std::string_view name;
  std::uint32_t first_field;  // index into TypeTable::fields
  std::uint32_t field_count;
};

struct TypeTable {
  std::vector<WireType> types;
  std::vector<WireField> fields;
  const std::uint8_t* root = nullptr;  // the root value's descriptor
};

// Reads and validates the table at r's cursor (docs/FORMAT.md 9.2); on success r is after it.
// Rejects unknown codes, struct indices out of range, descriptors nested deeper than the depth
// limit, counts larger than the bytes left, invalid UTF-8 names, and repeated field ids or names.
bool parse_type_table(Reader& r, TypeTable& t);

// The descriptor after the one at p (p must come from a parsed table).
const std::uint8_t* next_type(const std::uint8_t* p);

// Reads a polymorphic object's type index (docs/FORMAT.md 10.5) into `index`: a struct of the
// table, or the table's next index followed by an extension, which is validated and appended to
// `t`. `at` receives the index's offset.
bool read_type_index(Reader& r, TypeTable& t, std::uint32_t& index, std::size_t& at);

// Appends the entries types[first..] as the inspector's JSON list `[{"name":..,"fields":[..]}..]`,
// charging names and type texts to `print_left`; false once they would exceed it.
bool append_types_json(std::string& out, const TypeTable& t, std::size_t first,
                       std::size_t& print_left);

// "seq<str>", "map<str,i64>", "Inner", for error messages: at most kTypeTextMax bytes, then "...".
inline constexpr std::size_t kTypeTextMax = 200;
std::string type_text(const TypeTable& t, const std::uint8_t* p);

// Appends the whole text to `out`, for the inspector; false (with `out` cut short somewhere past
// `max`) once `out` would grow beyond `max` bytes.
bool append_type_text(std::string& out, const TypeTable& t, const std::uint8_t* p, std::size_t max);

// Reads past one value of descriptor `type` in number mode `compress`, checking it as a decoder
// would (bounds, varints, bool bytes, optional tags, variant indices, UTF-8 when enabled). When
// `json` is not null, appends the value as JSON (the inspector's format, docs/FORMAT.md 9.6).
// Every value visited spends one unit of `budget`: values that take no bytes (empty structs,
// arrays of them) cannot make a small message take unbounded time. When `print_left` is not
// null, the strings printed (string values, field names of struct values) spend its bytes.
// Polymorphic objects may extend `t` (10.5).
bool walk_value(Reader& r, TypeTable& t, const std::uint8_t* type, bool compress, std::string* json,
                std::size_t& budget, std::size_t* print_left = nullptr);

// The budget for a message whose value (after the header and type table) is `size` bytes: the
// same with or without a header.
constexpr std::size_t walk_budget(std::size_t size) {
  return 16 * size + (std::size_t{1} << 16);
}

}  // namespace kiln::detail::evolve
