// The checks of a pointer's number that do not depend on the object's type (docs/FORMAT.md 5.11),
// and the numbering of a new object, shared by the pointer serializers and by compatible mode's
// walker, which skips pointers of types the reader lacks (10.5): both give the same verdict.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "kiln/detail/graph/context.hpp"
#include "kiln/detail/ser/reader.hpp"

namespace kiln::detail::graph {

enum class PtrKind { kUnique, kShared, kWeak };

enum class Reference { kFailed, kAnnounces, kExisting };

// The tag `index + 2` of a pointer of kind K, read at `at`: kAnnounces when a weak_ptr's number
// is the next one (it announces an object), kExisting for an object numbered before, kFailed (an
// error recorded) otherwise. The reader's own checks (type, skipped objects) come after.
inline Reference check_reference(Reader& r, PtrKind kind, std::uint64_t index, std::size_t at) {
  auto fail = [&](std::string detail) {
    r.fail_at(at, ErrorCode::kBadReference, std::move(detail));
    return Reference::kFailed;
  };
  if (kind == PtrKind::kUnique)
    return fail("a unique_ptr cannot refer to a shared object (tag " + std::to_string(index + 2) +
                ")");
  ReadContext* g = r.graph();
  if (g == nullptr || !g->track)
    return fail("back-reference to object #" + std::to_string(index) +
                " in a message without reference tracking");
  if (kind == PtrKind::kWeak && index == g->objects.size()) return Reference::kAnnounces;
  if (index >= g->objects.size())
    return fail("back-reference to object #" + std::to_string(index) + " but only " +
                std::to_string(g->objects.size()) + " objects so far");
  // A shared_ptr to an object whose fields are still being read closes a cycle of owners, which
  // reference counting never frees: a forged message could leak memory on every read.
  if (kind == PtrKind::kShared && g->objects[static_cast<std::size_t>(index)].open &&
      !r.limits().allow_owning_cycles)
    return fail("back-reference to object #" + std::to_string(index) +
                ", which is still being read: a shared_ptr cycle is never freed (close cycles "
                "with a weak_ptr, or allow_owning_cycles)");
  return Reference::kExisting;
}

// A polymorphic object's type tag (5.11), read at `at`: 0, an odd registered id, or an even name
// number, whose first use carries the name; names join the message's list whether the object is
// read or skipped. Which type the tag names is the reader's business (the registry).
inline constexpr std::size_t kMaxTypeName = 1024;
inline bool read_type_tag(Reader& r, std::uint64_t& tag, std::size_t& at) {
  at = r.offset();
  if (!r.read_varint(tag, "type tag")) return false;
  if (tag == 0 || (tag & 1)) return true;
  ReadContext* g = r.graph();
  if (g == nullptr) return r.fail_at(at, ErrorCode::kUnknownType, "a type name tag needs a codec");
  const std::uint64_t index = (tag >> 1) - 1;
  if (index > g->names.size())
    return r.fail_at(at, ErrorCode::kBadReference,
                     "type name #" + std::to_string(index) + " but only " +
                         std::to_string(g->names.size()) + " names so far");
  if (index == g->names.size()) {  // first use: the name follows
    std::size_t n = 0;
    if (!r.read_length(n, 1, kMaxTypeName, "type name length", 1)) return false;
    if (!r.need(n, "type name")) return false;
    g->names.emplace_back(reinterpret_cast<const char*>(r.cursor()), n);
    r.advance_to(r.cursor() + n);
  }
  return true;
}

inline constexpr std::size_t kNoObject = static_cast<std::size_t>(-1);

[[gnu::cold, gnu::noinline]] inline void too_many_objects(Reader& r) {
  r.fail(ErrorCode::kLengthTooLarge, "more than " + std::to_string(r.limits().max_references) +
                                         " shared objects in one message");
}

// Numbers a new object in a message that tracks references, within Limits::max_references: its
// number, whose entry (open, otherwise empty) the caller fills in place; kNoObject with an error
// recorded. In place, not passed in by value: in wasm such an entry crosses the call in memory,
// built field by field and copied in words, which stalls store forwarding on every object.
inline std::size_t number_object(Reader& r) {
  ReadContext& g = *r.graph();
  if (g.objects.size() >= r.limits().max_references) [[unlikely]] {
    too_many_objects(r);
    return kNoObject;
  }
  if (g.objects.empty()) g.objects.reserve(8);  // skips the first few regrowths
  g.objects.emplace_back();
  return g.objects.size() - 1;
}

}  // namespace kiln::detail::graph
