#include "kiln/detail/evolve/value_json.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "kiln/detail/evolve/json.hpp"
#include "kiln/detail/io/endian.hpp"

namespace kiln::detail::evolve {
namespace {

using Kind = Value::Kind;

constexpr std::int64_t kMaxSafe = (std::int64_t{1} << 53) - 1;
constexpr double kMaxTime = 8.64e15;  // a JS Date's range, in ms either side of the epoch

constexpr const char* kTypedNames[kTypedKindCount] = {
    "Int8Array",    "Uint8Array",    "Uint8ClampedArray", "Int16Array",
    "Uint16Array",  "Int32Array",    "Uint32Array",       "Float32Array",
    "Float64Array", "BigInt64Array", "BigUint64Array"};

// A JS array index: "0" or digits without a leading zero, at most 2^32 - 2. A JS object lists
// such keys first, ascending, whatever their order on the wire.
bool array_index(const std::string& k, std::uint64_t& n) {
  if (k.empty() || k.size() > 10 || (k.size() > 1 && k[0] == '0')) return false;
  n = 0;
  for (char c : k) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return n <= 0xFFFFFFFEu;
}

class Printer {
 public:
  Printer(std::string& out, std::size_t& left) : out_(out), left_(left) {}

  bool value(const Value& v, bool key = false) {
    switch (v.kind()) {
      case Kind::kNull:
        out_ += "null";
        return true;
      case Kind::kUndefined:
        out_ += "{\"undefined\":null}";
        return true;
      case Kind::kHole:  // only as an array element; written as undefined elsewhere
        out_ += "{\"hole\":null}";
        return true;
      case Kind::kBool:
        out_ += *v.get_if<bool>() ? "true" : "false";
        return true;
      case Kind::kInt:
        integer(*v.get_if<std::int64_t>());
        return true;
      case Kind::kFloat: {
        const double d = *v.get_if<double>();
        number(key && d == 0 ? 0.0 : d);  // a JS Map or Set keeps -0 as +0
        return true;
      }
      case Kind::kBigInt: {
        const BigInt& b = *v.get_if<BigInt>();
        hex(b.negative, b.magnitude.data(), b.magnitude.size());
        return true;
      }
      case Kind::kString:
        return text(*v.get_if<std::string>());
      case Kind::kDate:
        date(v.get_if<Date>()->ms);
        return true;
      default:
        return container(v);
    }
  }

 private:
  bool text(const std::string& s) {
    if (s.size() > left_) return false;
    left_ -= s.size();
    append_json_string(out_, s);
    return true;
  }
  void number(double d) {
    if (std::isfinite(d))
      append_json_number(out_, d);
    else
      out_ += std::isnan(d) ? "{\"float\":\"NaN\"}"
              : d > 0       ? "{\"float\":\"Infinity\"}"
                            : "{\"float\":\"-Infinity\"}";
  }
  // An int a JS reader returns as a number, or beyond 2^53 as a BigInt.
  void integer(std::int64_t i) {
    if (i >= -kMaxSafe && i <= kMaxSafe) {
      out_ += std::to_string(i);
      return;
    }
    std::uint64_t mag = i < 0 ? ~static_cast<std::uint64_t>(i) + 1 : static_cast<std::uint64_t>(i);
    std::uint8_t b[8];
    std::size_t n = 0;
    for (; mag; mag >>= 8) b[n++] = static_cast<std::uint8_t>(mag);
    hex(i < 0, b, n);
  }
  // Hexadecimal, as BigInt.prototype.toString(16): linear in the magnitude, whatever its size.
  void hex(bool negative, const std::uint8_t* mag, std::size_t n) {
    while (n > 0 && mag[n - 1] == 0) --n;
    static constexpr char digits[] = "0123456789abcdef";
    out_ += n && negative ? "{\"bigint\":\"-0x" : "{\"bigint\":\"0x";
    if (n == 0) out_ += '0';
    for (std::size_t i = n; i-- > 0;) {
      if (i + 1 != n || mag[i] >= 16) out_ += digits[mag[i] >> 4];
      out_ += digits[mag[i] & 15];
    }
    out_ += "\"}";
  }
  // As a JS reader's Date: the time cut to whole milliseconds, or invalid (null).
  void date(double ms) {
    if (std::isnan(ms) || std::fabs(ms) > kMaxTime) {
      out_ += "{\"date\":null}";
      return;
    }
    out_ += "{\"date\":" + std::to_string(static_cast<std::int64_t>(std::trunc(ms))) + '}';
  }

  bool container(const Value& v) {
    const void* id = nullptr;
    std::visit(
        [&](const auto& a) {
          if constexpr (requires { a.get(); }) id = a.get();
        },
        v.variant());
    auto [it, fresh] = ids_.try_emplace(id, ids_.size());
    if (!fresh) {
      out_ += "{\"ref\":" + std::to_string(it->second) + '}';
      return true;
    }
    if (const Value::Array* a = v.as_array()) {
      out_ += '[';
      for (std::size_t i = 0; i < a->size(); ++i) {
        if (i) out_ += ',';
        if (!value((*a)[i])) return false;
      }
      out_ += ']';
      return true;
    }
    if (const Value::Object* o = v.as_object()) return object(*o);
    if (const Value::Map* m = v.as_map()) {
      out_ += "{\"map\":[";
      for (std::size_t i = 0; i < m->size(); ++i) {
        out_ += i ? ",[" : "[";
        if (!value((*m)[i].first, true)) return false;
        out_ += ',';
        if (!value((*m)[i].second)) return false;
        out_ += ']';
      }
      out_ += "]}";
      return true;
    }
    if (const Value::Set* s = v.as_set()) {
      out_ += "{\"set\":[";
      for (std::size_t i = 0; i < s->size(); ++i) {
        if (i) out_ += ',';
        if (!value((*s)[i], true)) return false;
      }
      out_ += "]}";
      return true;
    }
    if (const TypedArray* t = v.as_typed_array()) {
      typed(*t);
      return true;
    }
    const ArrayBuffer& b = *v.as_array_buffer();
    out_ += "{\"ArrayBuffer\":[";
    for (std::size_t i = 0; i < b.bytes.size(); ++i) {
      if (i) out_ += ',';
      out_ += std::to_string(b.bytes[i]);
    }
    out_ += "]}";
    return true;
  }

  // Keys in a JS object's order: array indices ascending, then the rest as on the wire.
  bool object(const Value::Object& o) {
    std::vector<std::pair<std::uint64_t, std::size_t>> order;  // (index or 2^32 + position)
    order.reserve(o.size());
    for (std::size_t i = 0; i < o.size(); ++i) {
      std::uint64_t n = 0;
      order.emplace_back(array_index(o[i].first, n) ? n : (std::uint64_t{1} << 32) + i, i);
    }
    std::sort(order.begin(), order.end());
    out_ += "{\"object\":{";
    for (std::size_t j = 0; j < order.size(); ++j) {
      const auto& [k, e] = o[order[j].second];
      if (j) out_ += ',';
      if (!text(k)) return false;
      out_ += ':';
      if (!value(e)) return false;
    }
    out_ += "}}";
    return true;
  }

  template <class F, class U>
  static F from_bits(U bits) {  // std::bit_cast, which Emscripten 3.1.6's libc++ lacks
    F f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }
  template <class T>
  static T element(const std::uint8_t* p) {
    return io::load_le<T>(p);
  }
  void typed(const TypedArray& t) {
    const std::size_t size = element_bytes(t.kind);
    out_ += "{\"";
    out_ += kTypedNames[static_cast<std::uint8_t>(t.kind)];
    out_ += "\":[";
    for (std::size_t i = 0; i + size <= t.bytes.size(); i += size) {
      if (i) out_ += ',';
      const std::uint8_t* p = t.bytes.data() + i;
      switch (t.kind) {
        case TypedKind::kInt8:
          out_ += std::to_string(static_cast<std::int8_t>(*p));
          break;
        case TypedKind::kUint8:
        case TypedKind::kUint8Clamped:
          out_ += std::to_string(*p);
          break;
        case TypedKind::kInt16:
          out_ += std::to_string(element<std::int16_t>(p));
          break;
        case TypedKind::kUint16:
          out_ += std::to_string(element<std::uint16_t>(p));
          break;
        case TypedKind::kInt32:
          out_ += std::to_string(element<std::int32_t>(p));
          break;
        case TypedKind::kUint32:
          out_ += std::to_string(element<std::uint32_t>(p));
          break;
        case TypedKind::kFloat32:
          number(static_cast<double>(from_bits<float>(element<std::uint32_t>(p))));
          break;
        case TypedKind::kFloat64:
          number(from_bits<double>(element<std::uint64_t>(p)));
          break;
        case TypedKind::kBigInt64:
          out_ += std::to_string(element<std::int64_t>(p));
          break;
        case TypedKind::kBigUint64:
          out_ += std::to_string(element<std::uint64_t>(p));
          break;
      }
    }
    out_ += "]}";
  }

  std::string& out_;
  std::size_t& left_;
  std::unordered_map<const void*, std::size_t> ids_;
};

}  // namespace

bool append_value_json(std::string& out, const Value& v, std::size_t& left) {
  return Printer(out, left).value(v);
}

}  // namespace kiln::detail::evolve
