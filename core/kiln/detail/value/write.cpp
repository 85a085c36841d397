// Encoder for kiln::Value (docs/FORMAT.md section 9). Containers are numbered in the order they
// are met, as the reader numbers them; with reference tracking a container met again is written
// as a back-reference to its number.
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "kiln/detail/value/codec.hpp"
#include "kiln/detail/wire/utf8.hpp"
#include "kiln/detail/wire/value_tags.hpp"

namespace kiln::detail::value_io {
namespace {

namespace tag = value_tags;

class Writer {
 public:
  Writer(io::Writer& w, bool track) : w_(w), track_(track) {}

  void value(const Value& v) {
    switch (v.kind()) {
      case Value::Kind::kNull:
        return w_.write_u8(tag::kNull);
      case Value::Kind::kUndefined:
      case Value::Kind::kHole:  // a hole outside an array reads back as undefined
        return w_.write_u8(tag::kUndefined);
      case Value::Kind::kBool:
        return w_.write_u8(*v.get_if<bool>() ? tag::kTrue : tag::kFalse);
      case Value::Kind::kInt:
        return integer(*v.get_if<std::int64_t>());
      case Value::Kind::kFloat:
        w_.write_u8(tag::kFloat);
        return w_.write_fixed(*v.get_if<double>());
      case Value::Kind::kBigInt:
        return bigint(*v.get_if<BigInt>());
      case Value::Kind::kString:
        return string(*v.get_if<std::string>());
      case Value::Kind::kDate:
        w_.write_u8(tag::kDate);
        return w_.write_fixed(v.get_if<Date>()->ms);
      case Value::Kind::kArray:
        return container(v.as_array(), [&](const Value::Array& a) {
          w_.write_u8(tag::kArray);
          w_.write_varint(a.size());
          for (const Value& e : a) {
            if (e.kind() == Value::Kind::kHole)
              w_.write_u8(tag::kHole);
            else
              value(e);
          }
        });
      case Value::Kind::kObject:
        return container(v.as_object(), [&](const Value::Object& o) {
          w_.write_u8(tag::kObject);
          w_.write_varint(o.size());
          for (const auto& [k, e] : o) {
            if (!utf8(k)) return;
            w_.write_varint(k.size());
            w_.write_bytes(k.data(), k.size());
            value(e);
          }
        });
      case Value::Kind::kMap:
        return container(v.as_map(), [&](const Value::Map& m) {
          w_.write_u8(tag::kMap);
          w_.write_varint(m.size());
          for (const auto& [k, e] : m) {
            value(k);
            value(e);
          }
        });
      case Value::Kind::kSet:
        return container(v.as_set(), [&](const Value::Set& s) {
          w_.write_u8(tag::kSet);
          w_.write_varint(s.size());
          for (const Value& e : s) value(e);
        });
      case Value::Kind::kTypedArray:
        return container(v.as_typed_array(), [&](const TypedArray& t) {
          w_.write_u8(tag::kTypedArray);
          w_.write_u8(static_cast<std::uint8_t>(t.kind));
          w_.write_varint(t.bytes.size());
          w_.write_bytes(t.bytes.data(), t.bytes.size());
        });
      case Value::Kind::kArrayBuffer:
        return container(v.as_array_buffer(), [&](const ArrayBuffer& b) {
          w_.write_u8(tag::kArrayBuffer);
          w_.write_varint(b.bytes.size());
          w_.write_bytes(b.bytes.data(), b.bytes.size());
        });
    }
  }

 private:
  void integer(std::int64_t i) {
    if (i >= 0 && i < 128) return w_.write_u8(static_cast<std::uint8_t>(tag::kSmallInt | i));
    w_.write_u8(tag::kInt);
    w_.write_varint(io::zigzag_encode(i));
  }

  // Always a bigint, whatever the magnitude (a JS reader returns a BigInt), in canonical form:
  // no high zero byte, and zero without its sign.
  void bigint(const BigInt& b) {
    std::size_t n = b.magnitude.size();
    while (n > 0 && b.magnitude[n - 1] == 0) --n;
    w_.write_u8(tag::kBigInt);
    w_.write_varint((std::uint64_t{n} << 1) | (b.negative && n != 0 ? 1 : 0));
    w_.write_bytes(b.magnitude.data(), n);
  }

  // Strings and keys must be UTF-8, or readers reject the message; checking here keeps the
  // writer from producing what its reader refuses (ASCII is decided inline, see utf8.hpp).
  bool utf8(const std::string& s) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
    std::size_t ok = wire::utf8_valid_prefix(p, s.size());
    if (ok == s.size() || !w_.check_utf8()) [[likely]]
      return true;
    w_.fail(ErrorCode::kBadUtf8, wire::utf8_write_error(s.size(), ok));
    return false;
  }

  void string(const std::string& s) {
    if (!utf8(s)) return;
    if (s.size() < 64) {
      w_.write_u8(static_cast<std::uint8_t>(tag::kShortString | s.size()));
    } else {
      w_.write_u8(tag::kString);
      w_.write_varint(s.size());
    }
    w_.write_bytes(s.data(), s.size());
  }

  // Numbers the container, or writes a back-reference to it. A weak link whose target is gone
  // is written as undefined.
  template <class C, class Body>
  void container(C* c, Body body) {
    if (c == nullptr) return w_.write_u8(tag::kUndefined);
    if (track_) {
      auto [it, fresh] = ids_.try_emplace(c, next_id_);
      if (!fresh) return reference(it->second);
    } else {
      // Without tracking, shared containers are written again as copies; a cycle (a container
      // inside itself) cannot be written: readers refuse back-references in such a message.
      for (const auto& entry : open_)
        if (entry.first == c) return cycle();
    }
    if (open_.size() >= io::kMaxWriteDepth) {
      w_.fail(ErrorCode::kDepthExceeded,
              "values nested deeper than " + std::to_string(io::kMaxWriteDepth) + " containers");
      return;
    }
    open_.emplace_back(c, next_id_++);
    body(*c);
    open_.pop_back();
  }

  [[gnu::cold]] void cycle() {
    w_.fail(ErrorCode::kCycle,
            "a container refers back to a container that encloses it (a cycle); serialize with "
            "Options::track_references to keep cycles and shared references");
  }

  void reference(std::uint64_t id) {
    w_.write_u8(tag::kReference);
    w_.write_varint(id);
  }

  io::Writer& w_;
  bool track_;
  std::uint64_t next_id_ = 0;
  std::unordered_map<const void*, std::uint64_t> ids_;
  std::vector<std::pair<const void*, std::uint64_t>> open_;
};

}  // namespace

void write(io::Writer& w, const Value& v, bool track_references) {
  Writer(w, track_references).value(v);
}

}  // namespace kiln::detail::value_io
