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

Plan& ReadContext::plan_of(const void* tag) {
  for (Plan& p : plans_)
    if (p.tag == tag) return p;
  plans_.emplace_back().tag = tag;
  return plans_.back();
}

// Compatible when the descriptors are equal, except that two structs are compatible when their
// types can be bound (their own fields are then matched by id); so are two polymorphic bases.
bool ReadContext::match(Reader& r, const std::uint8_t* w, const LocalTable& lt,
                        const std::uint8_t* l) {
  std::uint8_t code = *w++;
  if (code != *l++) return false;
  switch (code) {
    case kSeq:
    case kSet:
    case kOpt:
    case kUptr:
    case kSptr:
    case kWptr:
      return match(r, w, lt, l);
    case kMap:
      return match(r, w, lt, l) && match(r, next_type(w), lt, next_type(l));
    case kArr:
      if (get_varint(w) != get_varint(l)) return false;
      return match(r, w, lt, l);
    case kTup:
    case kVar: {
      std::uint64_t n = get_varint(w);
      if (n != get_varint(l)) return false;
      for (std::uint64_t i = 0; i < n; ++i, w = next_type(w), l = next_type(l))
        if (!match(r, w, lt, l)) return false;
      return true;
    }
    case kStruct:
    case kPoly:
      return bind(r, static_cast<std::uint32_t>(get_varint(w)), lt,
                  static_cast<std::uint32_t>(get_varint(l)), r.offset());
    default:
      return true;
  }
}

bool ReadContext::bind(Reader& r, std::uint32_t wk, const LocalTable& lt, std::uint32_t lk,
                       std::size_t at) {
  const void* tag = lt.tags[lk];
  if (wire_to_local_.size() < wire_.types.size()) wire_to_local_.resize(wire_.types.size());
  const WireType wt = wire_.types[wk];
  const WireType& ltype = lt.table->types[lk];
  if (wire_to_local_[wk] == tag) return true;
  Plan& plan = plan_of(tag);
  if (wire_to_local_[wk] != nullptr || plan.bound)
    return r.fail_at(at, ErrorCode::kSchemaMismatch,
                     "the message's type " + std::string(wt.name) + " and the reader's type " +
                         std::string(ltype.name) + " are each matched with two different types");
  wire_to_local_[wk] = tag;
  plan.bound = true;  // before the fields: a recursive type meets itself
  std::vector<bool> found(ltype.field_count, false);
  plan.steps.reserve(wt.field_count);
  for (std::uint32_t i = 0; i < wt.field_count; ++i) {
    const WireField& wf = wire_.fields[wt.first_field + i];
    std::int32_t target = -1;
    for (std::uint32_t j = 0; j < ltype.field_count; ++j)
      if (lt.table->fields[ltype.first_field + j].id == wf.id)
        target = static_cast<std::int32_t>(j);
    plan.steps.push_back({target, wf.type});
    if (target < 0) continue;
    found[static_cast<std::size_t>(target)] = true;
    const WireField& lf = lt.table->fields[ltype.first_field + static_cast<std::uint32_t>(target)];
    if (!match(r, wf.type, lt, lf.type)) {
      if (r.failed()) return false;  // a nested struct's field, already reported
      return r.fail_at(offset_of(r, wf.type), ErrorCode::kSchemaMismatch,
                       "field '" + std::string(lf.name) + "' of " + std::string(ltype.name) +
                           " has type " + type_text(wire_, wf.type) + " in the message but " +
                           type_text(*lt.table, lf.type) + " in the reader" +
                           (wf.name != lf.name ? " (message field '" + std::string(wf.name) + "')"
                                               : std::string()));
    }
  }
  for (std::uint32_t j = 0; j < ltype.field_count; ++j)
    if (!found[j]) plan.missing.push_back(j);
  return true;
}

bool ReadContext::bind_root(Reader& r) {
  if (match(r, wire_.root, local_, local_.table->root)) return true;
  if (r.failed()) return false;
  return r.fail_at(offset_of(r, wire_.root), ErrorCode::kSchemaMismatch,
                   "the message's root type is " + type_text(wire_, wire_.root) +
                       " but the reader's is " + type_text(*local_.table, local_.table->root));
}

bool ReadContext::bind_object(Reader& r, std::uint32_t wk, LocalTable local, std::size_t at) {
  if (local.table == nullptr)
    return r.fail_at(at, ErrorCode::kSchemaMismatch,
                     "the type the registry names has no compatible-mode description");
  return bind(r, wk, local, 0, at);
}

}  // namespace kiln::detail::evolve
