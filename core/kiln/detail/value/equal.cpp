#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <utility>
#include <vector>

#include "kiln/detail/value/equal.hpp"

namespace kiln {
namespace {

bool same_double(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

// By integer value: high zero bytes and the sign of zero do not count (the wire form has
// neither).
bool same_bigint(const BigInt& a, const BigInt& b) {
  auto significant = [](const BigInt& x) {
    std::size_t n = x.magnitude.size();
    while (n > 0 && x.magnitude[n - 1] == 0) --n;
    return n;
  };
  std::size_t n = significant(a);
  if (n != significant(b)) return false;
  if (n != 0 && a.negative != b.negative) return false;
  return std::equal(a.magnitude.begin(), a.magnitude.begin() + static_cast<std::ptrdiff_t>(n),
                    b.magnitude.begin());
}

// Structural comparison. Pairs of containers being compared are kept on a stack: meeting a pair
// again means both sides repeat the same cycle, which counts as equal.
class Equal {
 public:
  bool operator()(const Value& a, const Value& b) {
    if (a.kind() != b.kind()) return false;
    switch (a.kind()) {
      case Value::Kind::kNull:
      case Value::Kind::kUndefined:
      case Value::Kind::kHole:
        return true;
      case Value::Kind::kBool:
        return *a.get_if<bool>() == *b.get_if<bool>();
      case Value::Kind::kInt:
        return *a.get_if<std::int64_t>() == *b.get_if<std::int64_t>();
      case Value::Kind::kFloat:
        return same_double(*a.get_if<double>(), *b.get_if<double>());
      case Value::Kind::kBigInt:
        return same_bigint(*a.get_if<BigInt>(), *b.get_if<BigInt>());
      case Value::Kind::kString:
        return *a.get_if<std::string>() == *b.get_if<std::string>();
      case Value::Kind::kDate:
        return same_double(a.get_if<Date>()->ms, b.get_if<Date>()->ms);
      case Value::Kind::kArray:
        return nested(a.as_array(), b.as_array(),
                      [&](const auto& x, const auto& y) { return sequence(x, y); });
      case Value::Kind::kSet:
        return nested(a.as_set(), b.as_set(),
                      [&](const auto& x, const auto& y) { return sequence(x, y); });
      case Value::Kind::kObject:
        return nested(a.as_object(), b.as_object(), [&](const auto& x, const auto& y) {
          if (x.size() != y.size()) return false;
          for (std::size_t i = 0; i < x.size(); ++i)
            if (x[i].first != y[i].first || !(*this)(x[i].second, y[i].second)) return false;
          return true;
        });
      case Value::Kind::kMap:
        return nested(a.as_map(), b.as_map(), [&](const auto& x, const auto& y) {
          if (x.size() != y.size()) return false;
          for (std::size_t i = 0; i < x.size(); ++i)
            if (!(*this)(x[i].first, y[i].first) || !(*this)(x[i].second, y[i].second))
              return false;
          return true;
        });
      case Value::Kind::kTypedArray: {
        const TypedArray* x = a.as_typed_array();
        const TypedArray* y = b.as_typed_array();
        if (!x || !y) return x == y;
        return x->kind == y->kind && x->bytes == y->bytes;
      }
      case Value::Kind::kArrayBuffer: {
        const ArrayBuffer* x = a.as_array_buffer();
        const ArrayBuffer* y = b.as_array_buffer();
        if (!x || !y) return x == y;
        return x->bytes == y->bytes;
      }
    }
    return false;
  }

 private:
  bool sequence(const std::vector<Value>& x, const std::vector<Value>& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!(*this)(x[i], y[i])) return false;
    return true;
  }

  template <class C, class Body>
  bool nested(const C* x, const C* y, Body body) {
    if (!x || !y) return x == y;  // gone weak links equal only each other
    if (x == y) return true;
    for (const auto& [p, q] : open_)
      if (p == x && q == y) return true;
    open_.emplace_back(x, y);
    bool same = body(*x, *y);
    open_.pop_back();
    return same;
  }

  std::vector<std::pair<const void*, const void*>> open_;
};

}  // namespace

bool operator==(const Value& a, const Value& b) {
  return Equal()(a, b);
}

}  // namespace kiln
