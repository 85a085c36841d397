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

// Numbers a new object in a message that tracks references, within Limits::max_references;
// `slot` is its number.
inline bool number_object(Reader& r, ReadObject o, std::size_t& slot) {
  ReadContext& g = *r.graph();
  if (g.objects.size() >= r.limits().max_references)
    return r.fail(ErrorCode::kLengthTooLarge, "more than " +
                                                  std::to_string(r.limits().max_references) +
                                                  " shared objects in one message");
  slot = g.objects.size();
  if (slot == 0) g.objects.reserve(8);  // skips the first few regrowths
  g.objects.push_back(std::move(o));
  return true;
}

}  // namespace kiln::detail::graph
