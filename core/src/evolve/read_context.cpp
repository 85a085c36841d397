#include "kiln/detail/evolve/read_context.hpp"

#include "kiln/detail/evolve/type_code.hpp"

namespace kiln::detail::evolve {
namespace {

std::uint64_t get_varint(const std::uint8_t*& p) {
  std::uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    std::uint8_t b = *p++;
    v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
    if (b < 0x80) return v;
  }
}

// The message offset of a descriptor byte that lies before r's cursor.
std::size_t offset_of(const Reader& r, const std::uint8_t* p) {
  return r.offset() - static_cast<std::size_t>(r.cursor() - p);
}

}  // namespace

// Compatible when the descriptors are equal, except that two structs are compatible when their
// types can be bound (their own fields are then matched by id).
bool ReadContext::match(Reader& r, const std::uint8_t* w, const std::uint8_t* l) {
  std::uint8_t code = *w++;
  if (code != *l++) return false;
  switch (code) {
    case kSeq:
    case kSet:
    case kOpt:
    case kUptr:
    case kSptr:
    case kWptr:
      return match(r, w, l);
    case kMap:
      return match(r, w, l) && match(r, next_type(w), next_type(l));
    case kArr:
      if (get_varint(w) != get_varint(l)) return false;
      return match(r, w, l);
    case kTup:
    case kVar: {
      std::uint64_t n = get_varint(w);
      if (n != get_varint(l)) return false;
      for (std::uint64_t i = 0; i < n; ++i, w = next_type(w), l = next_type(l))
        if (!match(r, w, l)) return false;
      return true;
    }
    case kStruct:
      return bind(r, static_cast<std::uint32_t>(get_varint(w)),
                  static_cast<std::uint32_t>(get_varint(l)));
    default:
      return true;
  }
}

bool ReadContext::bind(Reader& r, std::uint32_t wk, std::uint32_t lk) {
  Plan& plan = plans_[lk];
  const WireType& wt = wire_.types[wk];
  const WireType& lt = local_.types[lk];
  if (wire_to_local_[wk] == static_cast<std::int32_t>(lk)) return true;
  if (wire_to_local_[wk] >= 0 || plan.bound)
    return r.fail(ErrorCode::kSchemaMismatch, "the message's type " + std::string(wt.name) +
                                                  " and the reader's type " + std::string(lt.name) +
                                                  " are each matched with two different types");
  wire_to_local_[wk] = static_cast<std::int32_t>(lk);
  plan.bound = true;  // before the fields: a recursive type meets itself
  std::vector<bool> found(lt.field_count, false);
  plan.steps.reserve(wt.field_count);
  for (std::uint32_t i = 0; i < wt.field_count; ++i) {
    const WireField& wf = wire_.fields[wt.first_field + i];
    std::int32_t target = -1;
    for (std::uint32_t j = 0; j < lt.field_count; ++j)
      if (local_.fields[lt.first_field + j].id == wf.id) target = static_cast<std::int32_t>(j);
    plan.steps.push_back({target, wf.type});
    if (target < 0) continue;
    found[static_cast<std::size_t>(target)] = true;
    const WireField& lf = local_.fields[lt.first_field + static_cast<std::uint32_t>(target)];
    if (!match(r, wf.type, lf.type)) {
      if (r.failed()) return false;  // a nested struct's field, already reported
      return r.fail_at(offset_of(r, wf.type), ErrorCode::kSchemaMismatch,
                       "field '" + std::string(lf.name) + "' of " + std::string(lt.name) +
                           " has type " + type_text(wire_, wf.type) + " in the message but " +
                           type_text(local_, lf.type) + " in the reader" +
                           (wf.name != lf.name ? " (message field '" + std::string(wf.name) + "')"
                                               : std::string()));
    }
  }
  for (std::uint32_t j = 0; j < lt.field_count; ++j)
    if (!found[j]) plan.missing.push_back(j);
  return true;
}

bool ReadContext::bind_root(Reader& r) {
  if (match(r, wire_.root, local_.root)) return true;
  if (r.failed()) return false;
  return r.fail_at(offset_of(r, wire_.root), ErrorCode::kSchemaMismatch,
                   "the message's root type is " + type_text(wire_, wire_.root) +
                       " but the reader's is " + type_text(local_, local_.root));
}

}  // namespace kiln::detail::evolve
