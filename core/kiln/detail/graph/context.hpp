// Per-message state of object-graph encoding: the registry of polymorphic types and, when
// reference tracking is on, the table that numbers shared objects in order of first appearance;
// when strings are shared, the table of strings. The codec makes one per message on the stack,
// only for types that can hold pointers or when strings are shared.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <typeinfo>
#include <unordered_map>
#include <vector>

#include "kiln/detail/graph/flat_index.hpp"
#include "kiln/detail/graph/string_hash.hpp"
#include "kiln/detail/graph/type_key.hpp"

namespace kiln {
class TypeRegistry;
}
namespace kiln::detail {
class Reader;
}
namespace kiln::detail::evolve {
struct Builder;
}

namespace kiln::detail::graph {

class InlineOwners;

// A written object's identity: its most-derived address and type. The type matters because an
// object and its first member share an address.
struct ObjectId {
  const void* address;
  const std::type_info* type;
  bool operator==(const ObjectId& o) const noexcept {
    return address == o.address && *type == *o.type;
  }
};
struct ObjectIdHash {
  std::size_t operator()(const ObjectId& id) const noexcept {
    return std::hash<const void*>()(id.address) ^ id.type->hash_code();
  }
};

struct WriteContext {
  const TypeRegistry* registry = nullptr;
  bool track = false;
  FlatIndex<ObjectId, ObjectIdHash> objects;  // numbered in order of first appearance
  // Objects a weak_ptr announced (by number) whose fields no shared_ptr has written yet; sized
  // only once a weak_ptr announces one.
  std::vector<bool> announced;
  std::unordered_map<std::string, std::uint32_t> names;  // type name -> name-table index
  std::uint32_t pointer_depth = 0;  // nesting of pointers being written (cycles without tracking)
  bool share_strings = false;
  // Strings numbered in order of first appearance; the views point into the value being
  // written, alive until the end.
  FlatIndex<std::string_view, StringHash, StringEq> strings;
  // Wire values that kiln::Adapter's to_wire made for this message: the tables above point into
  // them (strings, objects told apart by address), so they live until the message is written.
  std::vector<std::shared_ptr<const void>> wire_values;
  // Compatible mode with polymorphic pointers: the message's type table so far, which the first
  // object of each derived type extends (docs/FORMAT.md 10.5); null otherwise.
  evolve::Builder* table = nullptr;
};

// One object read so far. `declared` points at the object as the type its first pointer declared
// (a Base subobject for polymorphic pointers); `dynamic` at the most-derived object. A
// back-reference may be read as either type, nothing else.
struct ReadObject {
  std::shared_ptr<void> declared;
  TypeKey declared_key = nullptr;
  void* dynamic = nullptr;
  TypeKey dynamic_key = nullptr;
  bool (*read_fields)(Reader&, void* declared, const void* entry) = nullptr;
  const void* entry = nullptr;
  // A polymorphic object announced in a compatible-mode message: its type tag and, for a non-zero
  // tag, the message struct its fields follow (docs/FORMAT.md 10.5), for whoever fills or makes it.
  std::uint64_t type_tag = 0;
  std::uint32_t wire_type = 0;
  // The flags share wire_type's word: a message holds one of these per object (72 bytes).
  bool open = true;  // its fields are still being read (it is an ancestor of the read position)
  // Announced by a weak_ptr and not yet filled: its fields come at its first shared_ptr, read by
  // read_fields (instantiated where the weak_ptr declared its type; `entry` is its polymorphic
  // registry entry, or null for the declared type itself).
  bool announced = false;
  // Compatible mode (docs/FORMAT.md 10.5): its fields were in a value the reader skipped, so no
  // pointer the reader reads may refer to it. An object a skipped weak_ptr announced has no
  // `declared` yet: the first pointer the reader reads that refers to it makes it.
  bool skipped = false;
};

struct ReadContext {
  const TypeRegistry* registry = nullptr;
  bool track = false;
  std::vector<ReadObject> objects;
  std::vector<std::string> names;
  bool share_strings = false;
  std::vector<std::string_view> strings;  // views into the input, alive until the end
  // Decoding into a reused value: which of its shared objects it owns alone (inline_owners.hpp);
  // null when it has none or when fields the message lacks keep their pointers.
  InlineOwners* owners = nullptr;
};

}  // namespace kiln::detail::graph
