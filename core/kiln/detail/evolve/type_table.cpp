#include "kiln/detail/evolve/type_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "kiln/detail/evolve/json.hpp"
#include "kiln/detail/evolve/type_code.hpp"
#include "kiln/detail/evolve/value_json.hpp"
#include "kiln/detail/graph/references.hpp"
#include "kiln/detail/graph/shared_strings.hpp"
#include "kiln/detail/value/codec.hpp"
#include "kiln/detail/wire/header.hpp"
#include "kiln/detail/wire/utf8.hpp"

namespace kiln::detail::evolve {
namespace {

constexpr std::size_t kSaturated = ~std::size_t{0};

bool bad(Reader& r, std::size_t at, std::string detail) {
  return r.fail_at(at, ErrorCode::kBadTypeTable, std::move(detail));
}
// A count that the bytes left cannot hold: the table was cut short (as for any length prefix).
bool short_input(Reader& r, std::size_t at, std::string detail) {
  return r.fail_at(at, ErrorCode::kTruncated, std::move(detail));
}

// A length-prefixed UTF-8 name, viewed in place.
bool read_name(Reader& r, std::string_view& out, const char* what) {
  std::size_t n = 0;
  if (!r.read_length(n, 1, r.limits().max_string_bytes, what, 0)) return false;
  const std::uint8_t* p = r.cursor();
  std::size_t ok = wire::utf8_valid_prefix(p, n);
  if (ok != n) return r.fail_at(r.offset() + ok, ErrorCode::kBadUtf8, std::string(what) + " bytes");
  out = std::string_view(reinterpret_cast<const char*>(p), n);
  r.advance_to(p + n);
  return true;
}

// `pointee`: the descriptor follows a pointer code, the one place a polymorphic struct may be.
bool parse_type(Reader& r, std::uint64_t type_count, std::uint32_t depth, bool pointee = false) {
  std::size_t at = r.offset();
  if (depth > r.limits().max_depth)
    return bad(r, at, "type descriptor nested deeper than " + std::to_string(r.limits().max_depth));
  std::uint8_t code = 0;
  if (!r.read_u8(code, "type code")) return false;
  switch (code) {
    case kSeq:
    case kSet:
    case kOpt:
      return parse_type(r, type_count, depth + 1);
    case kUptr:
    case kSptr:
    case kWptr:
      return parse_type(r, type_count, depth + 1, true);
    case kMap:
      return parse_type(r, type_count, depth + 1) && parse_type(r, type_count, depth + 1);
    case kArr: {
      std::uint64_t n = 0;
      if (!r.read_varint(n, "array length")) return false;
      if (n > r.limits().max_collection_length)
        return bad(r, at, "array length " + std::to_string(n) + " exceeds the limit");
      return parse_type(r, type_count, depth + 1);
    }
    case kTup:
    case kVar: {
      std::uint64_t n = 0;
      if (!r.read_varint(n, "element count")) return false;
      if (n > r.remaining())  // every descriptor takes at least one byte
        return short_input(r, at, "element count " + std::to_string(n) + " exceeds the bytes left");
      if (code == kVar && n == 0) return bad(r, at, "variant with no alternatives");
      for (std::uint64_t i = 0; i < n; ++i)
        if (!parse_type(r, type_count, depth + 1)) return false;
      return true;
    }
    case kPoly:
      if (!pointee) return bad(r, at, "a polymorphic struct that is not a pointer's pointee");
      [[fallthrough]];
    case kStruct: {
      std::uint64_t k = 0;
      if (!r.read_varint(k, "struct index")) return false;
      if (k >= type_count)
        return bad(r, at,
                   "struct index " + std::to_string(k) + " but the table has " +
                       std::to_string(type_count) + " types");
      return true;
    }
    default:
      if ((code < kFirstCode || code > kStr) && code != kValue)  // the rest have parameters
        return bad(r, at, "unknown type code " + std::to_string(code));
      return true;
  }
}

// Trusted reads from a validated descriptor.
std::uint64_t get_varint(const std::uint8_t*& p) {
  std::uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    std::uint8_t b = *p++;
    v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
    if (b < 0x80) return v;
  }
}

std::size_t min_bytes(const std::uint8_t* p) {
  std::uint8_t code = *p++;
  switch (code) {
    case kBool:
    case kI8:
    case kU8:
    case kC8:
    case kI32:  // compressed mode: 1-byte varint
    case kI64:
    case kU32:
    case kU64:
    case kStr:
    case kSeq:
    case kSet:
    case kMap:
    case kOpt:
    case kValue:
    case kUptr:
    case kSptr:
    case kWptr:
      return 1;
    case kI16:
    case kU16:
    case kC16:
      return 2;
    case kF32:
    case kC32:
      return 4;
    case kF64:
      return 8;
    case kArr: {
      std::uint64_t n = get_varint(p);
      std::size_t e = min_bytes(p);
      return (e != 0 && n > kSaturated / e) ? kSaturated : static_cast<std::size_t>(n) * e;
    }
    case kTup: {
      std::uint64_t n = get_varint(p);
      std::size_t sum = 0;
      for (std::uint64_t i = 0; i < n; ++i, p = next_type(p)) {
        std::size_t e = min_bytes(p);
        sum = (e > kSaturated - sum) ? kSaturated : sum + e;
      }
      return sum;
    }
    case kVar: {
      std::uint64_t n = get_varint(p);
      std::size_t least = kSaturated;
      for (std::uint64_t i = 0; i < n; ++i, p = next_type(p)) least = std::min(least, min_bytes(p));
      return least == kSaturated ? kSaturated : least + 1;
    }
    default:  // a struct: counted as 0, a safe lower bound (its fields may be recursive)
      return 0;
  }
}

class Walker {
 public:
  Walker(Reader& r, TypeTable& t, bool compress, std::string* json, std::size_t& budget,
         std::size_t* print_left)
      : r_(r), t_(t), compress_(compress), json_(json), budget_(budget), print_left_(print_left) {}

  bool value(const std::uint8_t* p) {
    if (!spend()) return false;
    std::uint8_t code = *p++;
    switch (code) {
      case kBool: {
        std::uint8_t b = 0;
        if (!r_.read_u8(b, "bool")) return false;
        if (b > 1)
          return r_.fail_at(r_.offset() - 1, ErrorCode::kBadBool,
                            "bool byte is " + std::to_string(b) + ", expected 0 or 1");
        if (json_) *json_ += b ? "true" : "false";
        return true;
      }
      case kI8:
        return fixed<std::int8_t>("i8");
      case kU8:
      case kC8:
        return fixed<std::uint8_t>("u8");
      case kI16:
        return fixed<std::int16_t>("i16");
      case kU16:
      case kC16:
        return fixed<std::uint16_t>("u16");
      case kC32:
        return fixed<std::uint32_t>("c32");
      case kI32:
        return compress_ ? varint<std::uint32_t, true>("i32") : fixed<std::int32_t>("i32");
      case kU32:
        return compress_ ? varint<std::uint32_t, false>("u32") : fixed<std::uint32_t>("u32");
      case kI64:
        return compress_ ? varint<std::uint64_t, true>("i64") : fixed<std::int64_t>("i64");
      case kU64:
        return compress_ ? varint<std::uint64_t, false>("u64") : fixed<std::uint64_t>("u64");
      case kF32: {
        std::uint32_t bits = 0;
        if (!r_.read_fixed(bits, "f32")) return false;
        float f;
        std::memcpy(&f, &bits, 4);
        if (json_) append_json_number(*json_, static_cast<double>(f));
        return true;
      }
      case kF64: {
        std::uint64_t bits = 0;
        if (!r_.read_fixed(bits, "f64")) return false;
        double d;
        std::memcpy(&d, &bits, 8);
        if (json_) append_json_number(*json_, d);
        return true;
      }
      case kStr:
        return string();
      case kSeq:
      case kSet:
        return elements(p, nullptr, code == kSeq ? "sequence length" : "set length");
      case kMap:
        return elements(p, next_type(p), "map length");
      case kOpt: {
        std::uint8_t tag = 0;
        if (!r_.read_u8(tag, "optional tag")) return false;
        if (tag > 1)
          return r_.fail_at(r_.offset() - 1, ErrorCode::kBadOptionalTag,
                            "optional tag is " + std::to_string(tag) + ", expected 0 or 1");
        if (tag == 0) {
          if (json_) *json_ += "null";
          return true;
        }
        return nested(p, "optional");
      }
      case kArr: {
        std::uint64_t n = get_varint(p);
        if (!r_.enter("array")) return false;
        if (json_) *json_ += '[';
        for (std::uint64_t i = 0; i < n; ++i) {
          if (json_ && i) *json_ += ',';
          if (!value(p)) return false;
        }
        if (json_) *json_ += ']';
        r_.leave();
        return true;
      }
      case kTup: {
        std::uint64_t n = get_varint(p);
        if (!r_.enter("tuple")) return false;
        if (json_) *json_ += '[';
        for (std::uint64_t i = 0; i < n; ++i, p = next_type(p)) {
          if (json_ && i) *json_ += ',';
          if (!value(p)) return false;
        }
        if (json_) *json_ += ']';
        r_.leave();
        return true;
      }
      case kVar: {
        std::uint64_t n = get_varint(p);
        std::size_t at = r_.offset();
        std::uint32_t index = 0;
        if (!r_.read_varint(index, "variant index")) return false;
        if (index >= n)
          return r_.fail_at(at, ErrorCode::kBadVariantIndex,
                            "variant index " + std::to_string(index) + " but the variant has " +
                                std::to_string(n) + " alternatives");
        for (std::uint32_t i = 0; i < index; ++i) p = next_type(p);
        if (json_) *json_ += "{\"variant\":" + std::to_string(index) + ",\"value\":";
        if (!nested(p, "variant")) return false;
        if (json_) *json_ += '}';
        return true;
      }
      case kValue:
        return generic();
      case kUptr:
      case kSptr:
      case kWptr:
        return pointer(code, p);
      default:  // a struct (a polymorphic one only follows a pointer code: see pointer())
        return structure(static_cast<std::uint32_t>(get_varint(p)));
    }
  }

 private:
  bool spend() {
    if (budget_ == 0) [[unlikely]]
      return r_.fail(ErrorCode::kLengthTooLarge,
                     "the message holds more values than its size allows");
    --budget_;
    return true;
  }
  // Every container counts one nesting level, so that forged descriptors nested inside forged
  // structs cannot recurse deeper than Limits::max_depth levels in all.
  bool nested(const std::uint8_t* p, const char* what) {
    if (!r_.enter(what)) return false;
    if (!value(p)) return false;
    r_.leave();
    return true;
  }
  template <class T>
  bool fixed(const char* what) {
    T v{};
    if (!r_.read_fixed(v, what)) return false;
    if (json_) *json_ += std::to_string(v);
    return true;
  }
  template <class U, bool Signed>
  bool varint(const char* what) {
    U u = 0;
    if (!r_.read_varint(u, what)) return false;
    if (json_) {
      if constexpr (Signed)
        *json_ += std::to_string(io::zigzag_decode(u));
      else
        *json_ += std::to_string(u);
    }
    return true;
  }
  // What the inspector prints from the message's bytes (string values, each repeat of a shared
  // string, the field names of every struct value) is charged to its budget, so that a small
  // message cannot print a large text (docs/FORMAT.md 10.6).
  bool charge(std::size_t bytes, std::size_t at) {
    if (print_left_ == nullptr) return true;
    if (bytes > *print_left_) [[unlikely]]
      return r_.fail_at(at, ErrorCode::kAllocationLimit,
                        "the inspector's output would exceed its budget (" +
                            std::to_string(*print_left_) + " bytes of names and strings left)");
    *print_left_ -= bytes;
    return true;
  }
  bool string() {
    const std::size_t at = r_.offset();
    // In a message that shares strings, skipped and printed strings join its table as read
    // ones do, so that later back-references number them alike.
    graph::ReadContext* g = r_.graph();
    if (g != nullptr && g->share_strings) [[unlikely]] {
      const std::string_view* s = graph::read_shared_string(r_, *g);
      if (s == nullptr || !charge(s->size(), at)) return false;
      if (json_) append_json_string(*json_, *s);
      return true;
    }
    std::size_t n = 0;
    // Charged as a decoder charges a string it reads (FORMAT.md 6.5), skipped or printed.
    if (!r_.read_length(n, 1, r_.limits().max_string_bytes, "string length", 1)) return false;
    const std::uint8_t* p = r_.cursor();
    if (r_.validate_utf8() || json_) {  // JSON output must be text
      std::size_t ok = wire::utf8_valid_prefix(p, n);
      if (ok != n)
        return r_.fail_at(r_.offset() + ok, ErrorCode::kBadUtf8,
                          "string of " + std::to_string(n) + " bytes is not valid UTF-8");
    }
    if (!charge(n, at)) return false;
    if (json_) append_json_string(*json_, std::string_view(reinterpret_cast<const char*>(p), n));
    r_.advance_to(p + n);
    return true;
  }
  // Sequences and sets (value == nullptr) and maps (key descriptor at p, value at `value`).
  bool elements(const std::uint8_t* p, const std::uint8_t* mapped, const char* what) {
    std::size_t min = min_bytes(p);
    if (mapped) {
      std::size_t v = min_bytes(mapped);
      min = (v > kSaturated - min) ? kSaturated : min + v;
    }
    std::size_t n = 0;
    if (!r_.read_length(n, min, r_.limits().max_collection_length, what, 0)) return false;
    if (!r_.enter(what)) return false;
    if (json_) *json_ += '[';
    for (std::size_t i = 0; i < n; ++i) {
      if (json_ && i) *json_ += ',';
      if (mapped) {
        if (json_) *json_ += '[';
        if (!value(p)) return false;
        if (json_) *json_ += ',';
        if (!value(mapped)) return false;
        if (json_) *json_ += ']';
      } else if (!value(p)) {
        return false;
      }
    }
    if (json_) *json_ += ']';
    r_.leave();
    return true;
  }
  // A kiln::Value field: read as a decoder reads it (its containers numbered on their own), then
  // printed in its JSON form, its strings charged at its first byte (docs/FORMAT.md 10.6).
  bool generic() {
    const std::size_t at = r_.offset();
    Value v;
    if (!value_io::read(r_, v, (r_.flags() & wire::kFlagReferenceTracking) != 0)) return false;
    if (!json_) return true;
    std::size_t unlimited = kSaturated;
    if (!append_value_json(*json_, v, print_left_ ? *print_left_ : unlimited))
      return charge(*print_left_ + 1, at);  // reports what was left
    return true;
  }
  // A pointer the reader lacks, checked and numbered as reading it would (docs/FORMAT.md 10.5):
  // its objects take the numbers the writer gave them, so later references find the right one.
  // An object whose fields are walked here is marked skipped; one a weak_ptr only announces is
  // left for the first pointer the reader reads to make.
  bool pointer(std::uint8_t code, const std::uint8_t* p) {
    const std::size_t at = r_.offset();
    std::uint64_t tag = 0;
    if (!r_.read_varint(tag, "pointer tag")) return false;
    if (tag == 0) {
      if (json_) *json_ += "null";
      return true;
    }
    graph::ReadContext* g = r_.graph();
    const bool track = g != nullptr && g->track;
    if (tag == 1) {
      if (code == kUptr || !track) return *p == kPoly ? poly_object(p) : nested(p, "pointer");
      return object(p, kNew);
    }
    const std::uint64_t index = tag - 2;
    constexpr graph::PtrKind kKinds[] = {graph::PtrKind::kUnique, graph::PtrKind::kShared,
                                         graph::PtrKind::kWeak};
    std::size_t slot = static_cast<std::size_t>(index);
    PolyType type;
    switch (graph::check_reference(r_, kKinds[code - kUptr], index, at)) {
      case graph::Reference::kFailed:
        return false;
      case graph::Reference::kAnnounces: {
        // Its type comes with the announcement, as a reader reads it.
        if (*p == kPoly && !poly_type(p, type)) return false;
        slot = graph::number_object(r_);
        if (slot == graph::kNoObject) return false;
        graph::ReadObject& announced = g->objects[slot];  // made by the first pointer read to it
        announced.open = false;
        announced.announced = true;
        announced.type_tag = type.tag;
        announced.wire_type = type.index;
        break;
      }
      case graph::Reference::kExisting:
        // No type check: the reader has no type for it here. A shared_ptr fills an announced
        // object.
        if (code == kSptr && g->objects[slot].announced) return object(p, slot);
        break;
    }
    if (json_) {
      *json_ += "{\"object\":" + std::to_string(slot);
      if (!type.json.empty()) {
        *json_ += ',';
        type.json.pop_back();  // its trailing comma
        *json_ += type.json;
      }
      *json_ += '}';
    }
    return true;
  }

  // A polymorphic object's type (docs/FORMAT.md 5.11, 10.5): the type tag, then for a non-zero
  // tag the type index, which may extend the table. `p` is at the `1C` descriptor. The type's
  // JSON keys (`"type":t,` and `"types":[...],` for an extension) go to `json`.
  struct PolyType {
    std::uint64_t tag = 0;
    std::uint32_t index = 0;  // the struct the fields follow
    std::string json;
  };
  bool poly_type(const std::uint8_t* p, PolyType& out) {
    ++p;
    const std::uint32_t base = static_cast<std::uint32_t>(get_varint(p));
    std::size_t at = 0;
    const std::size_t names = r_.graph()->names.size();
    if (!graph::read_type_tag(r_, out.tag, at)) return false;
    out.index = base;
    if (out.tag != 0) {
      // A name the inspector prints must be text, and each print is charged at its tag.
      if (json_ && !(out.tag & 1)) {
        const std::string& name = r_.graph()->names[(out.tag >> 1) - 1];
        if (r_.graph()->names.size() > names) {
          const auto* bytes = reinterpret_cast<const std::uint8_t*>(name.data());
          const std::size_t ok = wire::utf8_valid_prefix(bytes, name.size());
          if (ok != name.size())
            return r_.fail_at(r_.offset() - name.size() + ok, ErrorCode::kBadUtf8,
                              "type name bytes");
        }
        if (!charge(name.size(), at)) return false;
      }
      const std::size_t known = t_.types.size();
      if (!read_type_index(r_, t_, out.index, at)) return false;
      if (json_) {
        out.json = "\"type\":";
        if (out.tag & 1)
          out.json += std::to_string(out.tag >> 1);
        else
          append_json_string(out.json, r_.graph()->names[(out.tag >> 1) - 1]);
        out.json += ',';
        if (t_.types.size() > known) {
          out.json += "\"types\":";
          std::size_t unlimited = kSaturated;
          std::size_t& left = print_left_ ? *print_left_ : unlimited;
          if (!append_types_json(out.json, t_, known, left))
            return charge(left + 1, at);  // reports what was left
          out.json += ',';
        }
      }
    } else if (json_) {
      out.json = "\"type\":null,";
    }
    return true;
  }
  // The fields of a shared object: a new one (kNew, numbered here) or announced object `slot`.
  // In the reader's order: the nesting level, the number, then the fields, the object open while
  // they are walked; afterwards it is skipped.
  static constexpr std::size_t kNew = ~std::size_t{0};
  // A new polymorphic object without a number: its type, then its fields (counted as one value
  // once its type is read, as in object()).
  bool poly_object(const std::uint8_t* p) {
    if (!r_.enter("pointer")) return false;
    PolyType type;
    if (!poly_type(p, type)) return false;
    if (json_) *json_ += '{' + type.json + "\"value\":";
    if (!spend() || !structure(type.index)) return false;
    if (json_) *json_ += '}';
    r_.leave();
    return true;
  }

  // A polymorphic object's type is read before it is numbered, as a reader reads it; a filled
  // one has the type its announcement gave.
  bool object(const std::uint8_t* p, std::size_t slot) {
    if (!r_.enter("pointer")) return false;
    graph::ReadContext& g = *r_.graph();
    const bool poly = *p == kPoly;
    PolyType type;
    if (slot == kNew) {
      if (poly && !poly_type(p, type)) return false;
      slot = graph::number_object(r_);
      if (slot == graph::kNoObject) return false;
      g.objects[slot].skipped = true;
    } else {
      graph::ReadObject& o = g.objects[slot];
      o.announced = false;
      o.open = true;
      o.skipped = true;
      type.tag = o.type_tag;
      type.index = o.wire_type;
      if (poly && type.tag == 0) {
        const std::uint8_t* base = p + 1;
        type.index = static_cast<std::uint32_t>(get_varint(base));
      }
    }
    if (json_) *json_ += "{\"object\":" + std::to_string(slot) + ',' + type.json + "\"value\":";
    if (!(poly ? spend() && structure(type.index) : value(p))) return false;
    g.objects[slot].open = false;  // by number: walking may grow the table
    if (json_) *json_ += '}';
    r_.leave();
    return true;
  }
  bool structure(std::uint32_t index) {
    const WireType type = t_.types[index];  // a copy: polymorphic fields may grow the table
    const std::size_t at = r_.offset();
    if (!r_.enter("struct")) return false;
    if (print_left_ != nullptr) {
      std::size_t names = 0;
      for (std::uint32_t i = 0; i < type.field_count; ++i)
        names += t_.fields[type.first_field + i].name.size();
      if (!charge(names, at)) return false;
    }
    if (json_) *json_ += '{';
    for (std::uint32_t i = 0; i < type.field_count; ++i) {
      const WireField f = t_.fields[type.first_field + i];
      if (json_) {
        if (i) *json_ += ',';
        append_json_string(*json_, f.name);
        *json_ += ':';
      }
      if (!value(f.type)) return false;
    }
    if (json_) *json_ += '}';
    r_.leave();
    return true;
  }

  Reader& r_;
  TypeTable& t_;
  bool compress_;
  std::string* json_;
  std::size_t& budget_;
  std::size_t* print_left_;  // the inspector's budget; null while skipping
};

}  // namespace

const std::uint8_t* next_type(const std::uint8_t* p) {
  std::uint8_t code = *p++;
  switch (code) {
    case kSeq:
    case kSet:
    case kOpt:
    case kUptr:
    case kSptr:
    case kWptr:
      return next_type(p);
    case kMap:
      return next_type(next_type(p));
    case kArr:
      get_varint(p);
      return next_type(p);
    case kTup:
    case kVar: {
      std::uint64_t n = get_varint(p);
      for (std::uint64_t i = 0; i < n; ++i) p = next_type(p);
      return p;
    }
    case kStruct:
    case kPoly:
      get_varint(p);
      return p;
    default:
      return p;
  }
}

bool append_type_text(std::string& out, const TypeTable& t, const std::uint8_t* p,
                      std::size_t max) {
  // Stops as soon as the text passes `max`: a short descriptor naming a long struct name many
  // times (a tuple of it) would otherwise spell out far more text than the message holds.
  if (out.size() > max) return false;
  const std::uint8_t code = *p++;
  auto list = [&](std::uint64_t n) {
    for (std::uint64_t i = 0; i < n; ++i, p = next_type(p)) {
      if (i) out += ',';
      if (!append_type_text(out, t, p, max)) return false;
    }
    return true;
  };
  bool ok = true;
  switch (code) {
    case kSeq:
    case kSet:
    case kOpt:
    case kUptr:
    case kSptr:
    case kWptr: {
      constexpr const char* kOpen[] = {"seq<", "set<", "", "opt<"};
      constexpr const char* kPointer[] = {"uptr<", "sptr<", "wptr<"};
      out += code >= kUptr ? kPointer[code - kUptr] : kOpen[code - kSeq];
      ok = append_type_text(out, t, p, max);
      out += '>';
      break;
    }
    case kMap:
      out += "map<";
      ok = list(2);
      out += '>';
      break;
    case kArr: {
      std::uint64_t n = get_varint(p);
      out += "arr<";
      ok = append_type_text(out, t, p, max);
      out += ',';
      out += std::to_string(n);
      out += '>';
      break;
    }
    case kTup:
    case kVar:
      out += code == kTup ? "tup<" : "var<";
      ok = list(get_varint(p));
      out += '>';
      break;
    case kStruct:
    case kPoly: {
      const std::string_view name = t.types[get_varint(p)].name;
      if (code == kPoly) out += "poly<";
      out.append(name.substr(0, max + 1 - std::min(out.size(), max + 1)));
      if (code == kPoly) out += '>';
      break;
    }
    default:
      out += scalar_name(code);
  }
  return ok && out.size() <= max;
}

std::string type_text(const TypeTable& t, const std::uint8_t* p) {
  std::string s;
  if (append_type_text(s, t, p, kTypeTextMax)) return s;
  std::size_t cut = kTypeTextMax;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // UTF-8 boundary
  s.resize(cut);
  s += "...";
  return s;
}

namespace {

// Reads `count` entries, appended to t, whose struct indices must be below `total`.
bool parse_entries(Reader& r, TypeTable& t, std::uint64_t count, std::uint64_t total) {
  t.types.reserve(t.types.size() + count);
  std::vector<std::pair<std::uint32_t, std::string_view>> seen;
  for (std::uint64_t k = 0; k < count; ++k) {
    WireType type{};
    if (!read_name(r, type.name, "type name")) return false;
    std::size_t count_at = r.offset();
    std::uint64_t n = 0;
    if (!r.read_varint(n, "field count")) return false;
    if (n > r.remaining() / 3)  // a field takes at least 3 bytes
      return short_input(r, count_at,
                         "field count " + std::to_string(n) + " exceeds the bytes left");
    type.first_field = static_cast<std::uint32_t>(t.fields.size());
    type.field_count = static_cast<std::uint32_t>(n);
    for (std::uint64_t i = 0; i < n; ++i) {
      WireField f{};
      f.at = r.offset();
      if (!read_name(r, f.name, "field name")) return false;
      if (!r.read_varint(f.id, "field id")) return false;
      if (f.id == 0) f.id = field_id_of(f.name);
      f.type = r.cursor();
      if (!parse_type(r, total, 1)) return false;
      t.fields.push_back(f);
    }
    // Ids and names identify fields: neither may repeat within a type.
    seen.clear();
    for (std::uint32_t i = 0; i < type.field_count; ++i) {
      const WireField& f = t.fields[type.first_field + i];
      seen.emplace_back(f.id, f.name);
    }
    auto dup = [&](auto key) {
      std::vector<std::pair<decltype(key(seen[0])), std::size_t>> v;
      for (std::size_t i = 0; i < seen.size(); ++i) v.emplace_back(key(seen[i]), i);
      std::sort(v.begin(), v.end());
      for (std::size_t i = 1; i < v.size(); ++i)
        if (v[i].first == v[i - 1].first)
          return static_cast<long>(std::max(v[i].second, v[i - 1].second));
      return -1L;
    };
    long d = dup([](const auto& s) { return s.first; });
    if (d >= 0)
      return bad(r, t.fields[type.first_field + d].at,
                 "type " + std::string(type.name) + " repeats field id " +
                     std::to_string(t.fields[type.first_field + d].id));
    d = dup([](const auto& s) { return s.second; });
    if (d >= 0)
      return bad(r, t.fields[type.first_field + d].at,
                 "type " + std::string(type.name) + " repeats field name " +
                     std::string(t.fields[type.first_field + d].name));
    t.types.push_back(type);
  }
  return true;
}

// A count of entries: each takes at least 2 bytes.
bool read_entry_count(Reader& r, std::uint64_t& count, const char* what) {
  std::size_t at = r.offset();
  if (!r.read_varint(count, what)) return false;
  if (count > r.remaining() / 2)
    return short_input(r, at,
                       std::string(what) + " " + std::to_string(count) + " exceeds the bytes left");
  return true;
}

}  // namespace

bool parse_type_table(Reader& r, TypeTable& t) {
  t.types.clear();
  t.fields.clear();
  std::uint64_t count = 0;
  if (!read_entry_count(r, count, "type count")) return false;
  if (!parse_entries(r, t, count, count)) return false;
  t.root = r.cursor();
  return parse_type(r, count, 1);
}

bool read_type_index(Reader& r, TypeTable& t, std::uint32_t& index, std::size_t& at) {
  at = r.offset();
  std::uint64_t j = 0;
  if (!r.read_varint(j, "type index")) return false;
  const std::uint64_t count = t.types.size();
  if (j > count)
    return bad(r, at,
               "type index " + std::to_string(j) + " but the table has " + std::to_string(count) +
                   " types");
  index = static_cast<std::uint32_t>(j);
  if (j < count) return true;
  // The table grows here: the object's type and the structs it reaches that the table lacks.
  const std::size_t n_at = r.offset();
  std::uint64_t n = 0;
  if (!read_entry_count(r, n, "extension type count")) return false;
  if (n == 0) return bad(r, n_at, "a type table extension without types");
  return parse_entries(r, t, n, count + n);
}

bool append_types_json(std::string& out, const TypeTable& t, std::size_t first,
                       std::size_t& print_left) {
  auto name = [&](std::string_view s) {
    if (s.size() > print_left) return false;
    print_left -= s.size();
    append_json_string(out, s);
    return true;
  };
  auto text = [&](const std::uint8_t* type) {
    std::string spelled;
    if (!append_type_text(spelled, t, type, print_left)) return false;
    print_left -= spelled.size();
    append_json_string(out, spelled);
    return true;
  };
  out += '[';
  for (std::size_t k = first; k < t.types.size(); ++k) {
    const WireType& type = t.types[k];
    if (k != first) out += ',';
    out += "{\"name\":";
    if (!name(type.name)) return false;
    out += ",\"fields\":[";
    for (std::uint32_t i = 0; i < type.field_count; ++i) {
      const WireField& f = t.fields[type.first_field + i];
      if (i) out += ',';
      out += "{\"name\":";
      if (!name(f.name)) return false;
      out += ",\"id\":" + std::to_string(f.id) + ",\"type\":";
      if (!text(f.type)) return false;
      out += '}';
    }
    out += "]}";
  }
  out += ']';
  return true;
}

bool walk_value(Reader& r, TypeTable& t, const std::uint8_t* type, bool compress, std::string* json,
                std::size_t& budget, std::size_t* print_left) {
  return Walker(r, t, compress, json, budget, print_left).value(type);
}

}  // namespace kiln::detail::evolve
