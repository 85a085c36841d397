// Compatible mode's type descriptors (docs/FORMAT.md section 10): one byte per type family,
// followed by that family's parameters. The same codes describe a field in the message's type
// table and in a reader's compile-time table, so the two can be compared structurally.
#pragma once

#include <cstdint>
#include <string_view>

namespace kiln::detail::evolve {

enum TypeCode : std::uint8_t {
  kBool = 0x01,
  kI8 = 0x02,
  kI16 = 0x03,
  kI32 = 0x04,
  kI64 = 0x05,
  kU8 = 0x06,
  kU16 = 0x07,
  kU32 = 0x08,
  kU64 = 0x09,
  kF32 = 0x0A,
  kF64 = 0x0B,
  kC8 = 0x0C,
  kC16 = 0x0D,
  kC32 = 0x0E,
  kStr = 0x0F,
  kSeq = 0x10,     // element type
  kSet = 0x11,     // element type
  kMap = 0x12,     // key type, value type
  kOpt = 0x13,     // value type
  kArr = 0x14,     // varint N, element type
  kTup = 0x15,     // varint n, n element types
  kVar = 0x16,     // varint n (at least 1), n alternative types
  kStruct = 0x17,  // varint index into the message's type table
  kValue = 0x18,   // a generic value (kiln::Value): self-describing, no parameters
  kUptr = 0x19,    // pointee type: std::unique_ptr
  kSptr = 0x1A,    // pointee type: std::shared_ptr
  kWptr = 0x1B,    // pointee type: std::weak_ptr
  kPoly = 0x1C,  // varint index of a polymorphic base; only as a pointee (objects name their type)
};

inline constexpr std::uint8_t kFirstCode = kBool;
inline constexpr std::uint8_t kLastCode = kPoly;

// Short spelling of a code without parameters ("i32", "str", "value"), as in the fingerprint
// grammar; "" otherwise.
constexpr std::string_view scalar_name(std::uint8_t code) {
  constexpr std::string_view names[] = {"",    "bool", "i8",  "i16", "i32", "i64", "u8",  "u16",
                                        "u32", "u64",  "f32", "f64", "c8",  "c16", "c32", "str"};
  return code <= kStr ? names[code] : code == kValue ? "value" : std::string_view{};
}

// The first character of a base class's field name in a type table (docs/FORMAT.md 10.2): a
// character no C++ member name has.
inline constexpr char kBaseMarker = '^';

// The id a field gets from its name unless it declares one: 32-bit FNV-1a of the name's bytes.
constexpr std::uint32_t field_id_of(std::string_view name) {
  std::uint32_t h = 0x811c9dc5u;
  for (char c : name) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 0x01000193u;
  }
  return h;
}

}  // namespace kiln::detail::evolve

namespace kiln {

// An explicit field id, so that a field keeps its identity across a rename:
//   struct PersonV2 {
//     std::string full_name;  // called "name" in version 1
//     static constexpr kiln::FieldId kiln_field_ids[] = {{"full_name", kiln::field_id_of("name")}};
//   };
// or, for a type you cannot edit, specialize kiln::FieldIds<T> with the same `ids` array.
// Ids are non-zero and unique within a struct.
struct FieldId {
  std::string_view name;
  std::uint32_t id;
};
template <class T>
struct FieldIds {};  // specialize: static constexpr FieldId ids[] = {...};

using detail::evolve::field_id_of;

}  // namespace kiln
