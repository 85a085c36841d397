// Decoder for kiln::Value (docs/FORMAT.md section 9). Input is hostile: lengths are checked
// against the bytes left before anything is allocated, nesting is limited, a back-reference must
// name a container already met (one still being read becomes a weak link: the back-edge of a
// cycle), and repeated object keys, map keys or set elements are errors, as JS would drop them.
#include <cmath>
#include <cstring>
#include <set>
#include <string_view>
#include <unordered_set>
#include <variant>
#include <vector>

#include "kiln/detail/ser/storage.hpp"
#include "kiln/detail/value/codec.hpp"
#include "kiln/detail/wire/utf8.hpp"
#include "kiln/detail/wire/value_tags.hpp"

namespace kiln::detail::value_io {
namespace {

namespace tag = value_tags;
using Kind = Value::Kind;

// What a key is to a JS Map or Set after decoding (SameValueZero): numbers by value, with ints
// beyond 2^53 and big integers as BigInts by value, strings by content, containers and dates by
// identity.
struct KeyIdentity {
  int cls = 0;
  std::uint64_t bits = 0;
  std::string bytes;
  bool operator<(const KeyIdentity& o) const {
    if (cls != o.cls) return cls < o.cls;
    if (bits != o.bits) return bits < o.bits;
    return bytes < o.bytes;
  }
};

constexpr std::int64_t kMaxSafe = (std::int64_t{1} << 53) - 1;

std::string bigint_bytes(bool negative, const std::uint8_t* mag, std::size_t n) {
  std::string s(1, negative ? '-' : '+');
  s.append(reinterpret_cast<const char*>(mag), n);
  return s;
}

KeyIdentity identity(const Value& v, std::uint64_t unique) {
  KeyIdentity k;
  k.cls = static_cast<int>(v.kind());
  switch (v.kind()) {
    case Kind::kBool:
      k.bits = *v.get_if<bool>();
      break;
    case Kind::kInt: {
      std::int64_t i = *v.get_if<std::int64_t>();
      if (i >= -kMaxSafe && i <= kMaxSafe) {
        return identity(Value(static_cast<double>(i)), unique);
      }
      std::uint64_t mag =
          i < 0 ? ~static_cast<std::uint64_t>(i) + 1 : static_cast<std::uint64_t>(i);
      std::uint8_t b[8];
      std::size_t n = 0;
      for (; mag; mag >>= 8) b[n++] = static_cast<std::uint8_t>(mag);
      k.cls = static_cast<int>(Kind::kBigInt);
      k.bytes = bigint_bytes(i < 0, b, n);
      break;
    }
    case Kind::kFloat: {
      double d = *v.get_if<double>();
      if (d == 0) d = 0;                    // +0 and -0 are one key
      if (std::isnan(d)) d = std::nan("");  // every NaN is one key
      std::memcpy(&k.bits, &d, 8);
      k.cls = static_cast<int>(Kind::kFloat);
      break;
    }
    case Kind::kBigInt: {
      const BigInt& b = *v.get_if<BigInt>();
      k.bytes = bigint_bytes(b.negative, b.magnitude.data(), b.magnitude.size());
      break;
    }
    case Kind::kString:
      k.bytes = *v.get_if<std::string>();
      break;
    case Kind::kNull:
    case Kind::kUndefined:
    case Kind::kHole:
      break;
    case Kind::kDate:  // a new Date object every time
      k.bits = unique;
      break;
    default: {  // containers: by identity
      std::uint64_t p = 0;
      std::visit(
          [&](const auto& a) {
            if constexpr (requires { a.get(); }) p = reinterpret_cast<std::uintptr_t>(a.get());
          },
          v.variant());
      k.bits = p;
    }
  }
  return k;
}

using Entry = std::variant<std::shared_ptr<Value::Array>, std::shared_ptr<Value::Object>,
                           std::shared_ptr<Value::Map>, std::shared_ptr<Value::Set>,
                           std::shared_ptr<TypedArray>, std::shared_ptr<ArrayBuffer>>;

class ValueReader {
 public:
  ValueReader(detail::Reader& r, bool track) : r_(r), track_(track) {}

  bool value(Value& out) {
    std::size_t at = r_.offset();
    std::uint8_t t = 0;
    if (!r_.read_u8(t, "value tag")) return false;
    if (t >= tag::kSmallInt) {
      out = Value(std::int64_t{t & 0x7f});
      return true;
    }
    if (t >= tag::kShortString) return string(out, t & 0x3f, at);
    switch (t) {
      case tag::kNull:
        out = Value();
        return true;
      case tag::kUndefined:
        out = Value(Undefined{});
        return true;
      case tag::kFalse:
      case tag::kTrue:
        out = Value(t == tag::kTrue);
        return true;
      case tag::kInt: {
        std::uint64_t u = 0;
        if (!r_.read_varint(u, "int")) return false;
        out = Value(io::zigzag_decode(u));
        return true;
      }
      case tag::kFloat: {
        double d = 0;
        if (!r_.read_fixed(d, "float64")) return false;
        out = Value(d);
        return true;
      }
      case tag::kBigInt:
        return bigint(out);
      case tag::kString: {
        std::size_t n = 0;
        if (!r_.read_length(n, 1, r_.limits().max_string_bytes, "string length", 1)) return false;
        return string(out, n, at);
      }
      case tag::kDate: {
        double ms = 0;
        if (!r_.read_fixed(ms, "date")) return false;
        out = Value(Date{ms});
        return true;
      }
      case tag::kArray:
        return array(out);
      case tag::kObject:
        return object(out);
      case tag::kMap:
        return map(out);
      case tag::kSet:
        return set(out);
      case tag::kTypedArray:
        return typed_array(out);
      case tag::kArrayBuffer: {
        std::size_t n = 0;
        if (!r_.read_length(n, 1, r_.limits().max_string_bytes, "ArrayBuffer length", 1))
          return false;
        auto b = std::make_shared<ArrayBuffer>();
        b->bytes.assign(r_.cursor(), r_.cursor() + n);
        r_.advance_to(r_.cursor() + n);
        remember(b);
        out = Value(std::move(b));
        return true;
      }
      case tag::kReference:
        return reference(out, at);
      case tag::kHole:
        return r_.fail_at(at, ErrorCode::kBadTag, "an array hole (tag 9) outside an array");
      default:
        return r_.fail_at(at, ErrorCode::kBadTag, std::to_string(t) + " is not a value tag");
    }
  }

 private:
  // n bytes of UTF-8 at the cursor; `at` is where the length was given.
  bool string(Value& out, std::size_t n, std::size_t at) {
    if (n > r_.remaining())
      return r_.fail_at(at, ErrorCode::kTruncated,
                        "string length " + std::to_string(n) + " but only " +
                            std::to_string(r_.remaining()) + " bytes remain");
    std::string s;
    if (!text(s, n)) return false;
    out = Value(std::move(s));
    return true;
  }

  bool text(std::string& s, std::size_t n) {
    const std::uint8_t* p = r_.cursor();
    if (r_.validate_utf8()) {
      std::size_t ok = wire::utf8_valid_prefix(p, n);
      if (ok != n)
        return r_.fail_at(r_.offset() + ok, ErrorCode::kBadUtf8,
                          "string of " + std::to_string(n) + " bytes is not valid UTF-8");
    }
    s.assign(reinterpret_cast<const char*>(p), n);
    r_.advance_to(p + n);
    return true;
  }

  bool bigint(Value& out) {
    std::size_t at = r_.offset();
    std::uint64_t head = 0;
    if (!r_.read_varint(head, "bigint length")) return false;
    std::uint64_t n = head >> 1;
    if (n > r_.limits().max_string_bytes)
      return r_.fail_at(at, ErrorCode::kLengthTooLarge,
                        "bigint of " + std::to_string(n) + " bytes exceeds the limit " +
                            std::to_string(r_.limits().max_string_bytes));
    if (n > r_.remaining())
      return r_.fail_at(at, ErrorCode::kTruncated,
                        "bigint of " + std::to_string(n) + " bytes but only " +
                            std::to_string(r_.remaining()) + " remain");
    const std::uint8_t* p = r_.cursor();
    // Canonical form only (one encoding per integer): zero is the empty magnitude with a clear
    // sign bit, and a magnitude has no high zero byte. Any magnitude is a BigInt, however small.
    bool negative = (head & 1) != 0;
    if (n == 0 ? negative : p[n - 1] == 0)
      return r_.fail_at(at, ErrorCode::kValueOutOfRange,
                        n == 0 ? "bigint negative zero (an empty magnitude with the sign bit)"
                               : "bigint magnitude has a leading zero byte");
    BigInt b;
    b.negative = negative;
    b.magnitude.assign(p, p + n);
    r_.advance_to(p + n);
    out = Value(std::move(b));
    return true;
  }

  template <class C>
  void remember(const std::shared_ptr<C>& c) {
    if (track_) table_.push_back({Entry(c), true});
  }
  void close(std::size_t id) {
    if (track_) table_[id].open = false;
  }

  bool array(Value& out) {
    std::size_t n = 0;
    if (!r_.read_length(n, 1, r_.limits().max_collection_length, "array length", kValueStorage))
      return false;
    if (!r_.enter("array")) return false;
    auto a = std::make_shared<Value::Array>();
    std::size_t id = table_.size();
    remember(a);
    out = Value(a);  // the caller sees the container even if reading stops early
    a->resize(n);
    for (Value& e : *a) {
      if (r_.remaining() != 0 && *r_.cursor() == tag::kHole) {
        r_.advance_to(r_.cursor() + 1);
        e = Value(Hole{});
      } else if (!value(e)) {
        return false;
      }
    }
    close(id);
    r_.leave();
    return true;
  }

  bool object(Value& out) {
    std::size_t n = 0;
    if (!r_.read_length(n, 2, r_.limits().max_collection_length, "object size", 2 * kValueStorage))
      return false;
    if (!r_.enter("object")) return false;
    auto o = std::make_shared<Value::Object>();
    std::size_t id = table_.size();
    remember(o);
    out = Value(o);
    o->reserve(n);  // no reallocation: the key views below stay valid
    std::unordered_set<std::string_view> seen;
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t at = r_.offset();
      std::size_t len = 0;
      if (!r_.read_length(len, 1, r_.limits().max_string_bytes, "key length", 1)) return false;
      auto& [key, val] = o->emplace_back();
      if (!text(key, len)) return false;
      bool dup = false;
      if (n <= 8) {
        for (std::size_t j = 0; j + 1 < o->size(); ++j) dup = dup || (*o)[j].first == key;
      } else {
        dup = !seen.insert(key).second;
      }
      if (dup)
        return r_.fail_at(at, ErrorCode::kDuplicateKey, "object key \"" + key + "\" appears twice");
      if (!value(val)) return false;
    }
    close(id);
    r_.leave();
    return true;
  }

  bool map(Value& out) {
    std::size_t n = 0;
    if (!r_.read_length(n, 2, r_.limits().max_collection_length, "map size", 2 * kValueStorage))
      return false;
    if (!r_.enter("map")) return false;
    auto m = std::make_shared<Value::Map>();
    std::size_t id = table_.size();
    remember(m);
    out = Value(m);
    m->resize(n);
    std::set<KeyIdentity> seen;
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t at = r_.offset();
      auto& [k, v] = (*m)[i];
      if (!value(k)) return false;
      if (!seen.insert(identity(k, i)).second)
        return r_.fail_at(at, ErrorCode::kDuplicateKey, "a map key appears twice");
      if (!value(v)) return false;
    }
    close(id);
    r_.leave();
    return true;
  }

  bool set(Value& out) {
    std::size_t n = 0;
    if (!r_.read_length(n, 1, r_.limits().max_collection_length, "set size", kValueStorage))
      return false;
    if (!r_.enter("set")) return false;
    auto s = std::make_shared<Value::Set>();
    std::size_t id = table_.size();
    remember(s);
    out = Value(s);
    s->resize(n);
    std::set<KeyIdentity> seen;
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t at = r_.offset();
      if (!value((*s)[i])) return false;
      if (!seen.insert(identity((*s)[i], i)).second)
        return r_.fail_at(at, ErrorCode::kDuplicateKey, "a set element appears twice");
    }
    close(id);
    r_.leave();
    return true;
  }

  bool typed_array(Value& out) {
    std::size_t at = r_.offset();
    std::uint8_t kind = 0;
    if (!r_.read_u8(kind, "typed array kind")) return false;
    if (kind >= kTypedKindCount)
      return r_.fail_at(at, ErrorCode::kBadTag,
                        std::to_string(kind) + " is not a typed array kind");
    std::size_t length_at = r_.offset();
    std::size_t n = 0;
    if (!r_.read_length(n, 1, r_.limits().max_string_bytes, "typed array byte length", 1))
      return false;
    std::size_t size = element_bytes(static_cast<TypedKind>(kind));
    if (n % size != 0)
      return r_.fail_at(length_at, ErrorCode::kValueOutOfRange,
                        std::to_string(n) + " bytes is not a whole number of " +
                            std::to_string(size) + "-byte elements");
    auto t = std::make_shared<TypedArray>();
    t->kind = static_cast<TypedKind>(kind);
    t->bytes.assign(r_.cursor(), r_.cursor() + n);
    r_.advance_to(r_.cursor() + n);
    remember(t);
    out = Value(std::move(t));
    return true;
  }

  bool reference(Value& out, std::size_t at) {
    if (!track_)
      return r_.fail_at(at, ErrorCode::kBadReference,
                        "a back-reference in a message without reference tracking (flag bit 1)");
    std::uint64_t id = 0;
    if (!r_.read_varint(id, "reference id")) return false;
    if (id >= table_.size())
      return r_.fail_at(at, ErrorCode::kBadReference,
                        "reference to container " + std::to_string(id) + ", but only " +
                            std::to_string(table_.size()) + " were read");
    const Slot& s = table_[id];
    // A container still being read encloses this reference: the back-edge of a cycle, held
    // weakly so that the decoded value owns no cycle of shared_ptrs.
    std::visit([&](const auto& p) { out = s.open ? Value::link(p) : Value(p); }, s.entry);
    return true;
  }

  struct Slot {
    Entry entry;
    bool open;
  };

  detail::Reader& r_;
  bool track_;
  std::vector<Slot> table_;
};

}  // namespace

bool read(Reader& r, Value& v, bool track_references) {
  return ValueReader(r, track_references).value(v);
}

}  // namespace kiln::detail::value_io
