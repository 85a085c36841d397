// kiln::Value: any value a JavaScript program can send without a schema (null, undefined,
// booleans, int64, doubles, big integers, strings, dates, arrays, objects, maps, sets, typed
// arrays, ArrayBuffers). Containers are held by shared_ptr, so copying a Value shares the
// container, as a JS reference does, and a shared container or a cycle is representable: a
// back-edge of a cycle is a weak link, so a decoded cyclic value frees itself.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace kiln {

struct Undefined {};
struct Hole {};  // a missing array element (a JS array hole); written as undefined elsewhere

// A JS BigInt, of any size: sign and magnitude, little-endian bytes (high zero bytes and the sign
// of zero are dropped when written). Kind::kBigInt stays distinct from Kind::kInt: BigInt 2 and
// Int 2 are different values and different Map keys, as 2n and 2 are in JS.
struct BigInt {
  bool negative = false;
  std::vector<std::uint8_t> magnitude;
};

struct Date {
  double ms = 0;  // since 1970-01-01T00:00:00Z, as JS Date.getTime(); NaN is an invalid date
};

// Element kind of a typed array; the numbers are the wire's kind byte.
enum class TypedKind : std::uint8_t {
  kInt8,
  kUint8,
  kUint8Clamped,
  kInt16,
  kUint16,
  kInt32,
  kUint32,
  kFloat32,
  kFloat64,
  kBigInt64,
  kBigUint64,
};
inline constexpr std::uint8_t kTypedKindCount = 11;
constexpr std::size_t element_bytes(TypedKind k) {
  constexpr std::uint8_t sizes[kTypedKindCount] = {1, 1, 1, 2, 2, 4, 4, 4, 8, 8, 8};
  return sizes[static_cast<std::uint8_t>(k)];
}

// Elements as little-endian bytes (the wire form; byte length a multiple of the element size).
struct TypedArray {
  TypedKind kind = TypedKind::kUint8;
  std::vector<std::uint8_t> bytes;
};

struct ArrayBuffer {
  std::vector<std::uint8_t> bytes;
};

// A strong or weak link to a shared container.
template <class C>
class Shared {
 public:
  Shared(std::shared_ptr<C> p) : strong_(std::move(p)) {}  // NOLINT: implicit by design
  static Shared weak(const std::shared_ptr<C>& p) {
    Shared s(nullptr);
    s.weak_ = p;
    return s;
  }
  // The container, or nullptr when a weak link's target is gone.
  C* get() const noexcept { return strong_ ? strong_.get() : weak_.lock().get(); }
  std::shared_ptr<C> lock() const { return strong_ ? strong_ : weak_.lock(); }
  bool is_weak() const noexcept { return !strong_; }

 private:
  std::shared_ptr<C> strong_;
  std::weak_ptr<C> weak_;
};

class Value {
 public:
  using Array = std::vector<Value>;
  using Object = std::vector<std::pair<std::string, Value>>;  // insertion order, unique keys
  using Map = std::vector<std::pair<Value, Value>>;           // insertion order, unique keys
  struct Set;  // a vector of values, insertion order, unique; a type of its own (not an Array)
  // Alternatives in the order of Kind.
  using Variant = std::variant<std::nullptr_t, Undefined, Hole, bool, std::int64_t, double, BigInt,
                               std::string, Date, Shared<Array>, Shared<Object>, Shared<Map>,
                               Shared<Set>, Shared<TypedArray>, Shared<ArrayBuffer>>;
  enum class Kind : std::uint8_t {
    kNull,
    kUndefined,
    kHole,
    kBool,
    kInt,
    kFloat,
    kBigInt,
    kString,
    kDate,
    kArray,
    kObject,
    kMap,
    kSet,
    kTypedArray,
    kArrayBuffer,
  };

  Value() noexcept = default;  // null
  Value(std::nullptr_t) noexcept {}
  Value(Undefined) noexcept : v_(Undefined{}) {}
  Value(Hole) noexcept : v_(Hole{}) {}
  template <class T>
  requires std::same_as<T, bool> Value(T b)
  noexcept : v_(b) {}
  // Any integer type; unsigned values above INT64_MAX become a BigInt.
  template <std::integral T>
  requires(!std::same_as<T, bool>) Value(T i) : v_(std::int64_t{0}) {
    if constexpr (std::is_unsigned_v<T> && sizeof(T) >= sizeof(std::int64_t)) {
      if (i > static_cast<T>(std::numeric_limits<std::int64_t>::max())) {
        BigInt b;
        for (T x = i; x; x >>= 8) b.magnitude.push_back(static_cast<std::uint8_t>(x));
        v_ = std::move(b);
        return;
      }
    }
    v_ = static_cast<std::int64_t>(i);
  }
  template <std::floating_point T>
  Value(T d) noexcept : v_(static_cast<double>(d)) {}
  Value(std::string s) noexcept : v_(std::move(s)) {}
  Value(std::string_view s) : v_(std::string(s)) {}
  Value(const char* s) : v_(std::string(s)) {}
  Value(BigInt b) noexcept : v_(std::move(b)) {}
  Value(Date d) noexcept : v_(d) {}
  template <class C>
  Value(Shared<C> c) noexcept : v_(std::move(c)) {}
  template <class C>
  Value(std::shared_ptr<C> c) noexcept : v_(Shared<C>(std::move(c))) {}

  // New containers.
  static Value array(Array a = {}) { return Value(std::make_shared<Array>(std::move(a))); }
  static Value object(Object o = {}) { return Value(std::make_shared<Object>(std::move(o))); }
  static Value map(Map m = {}) { return Value(std::make_shared<Map>(std::move(m))); }
  static Value set(std::vector<Value> elements = {});
  static Value typed_array(TypedKind kind, std::vector<std::uint8_t> bytes) {
    return Value(std::make_shared<TypedArray>(TypedArray{kind, std::move(bytes)}));
  }
  static Value array_buffer(std::vector<std::uint8_t> bytes) {
    return Value(std::make_shared<ArrayBuffer>(ArrayBuffer{std::move(bytes)}));
  }
  // A weak link to a container (the back-edge of a cycle).
  template <class C>
  static Value link(const std::shared_ptr<C>& c) {
    return Value(Shared<C>::weak(c));
  }

  Kind kind() const noexcept { return static_cast<Kind>(v_.index()); }
  const Variant& variant() const noexcept { return v_; }
  Variant& variant() noexcept { return v_; }

  // The scalar alternative T (bool, std::int64_t, double, BigInt, std::string, Date), or nullptr.
  template <class T>
  const T* get_if() const noexcept {
    return std::get_if<T>(&v_);
  }
  // The container, or nullptr when this is not one (or is a weak link whose target is gone).
  Array* as_array() const noexcept { return container<Array>(); }
  Object* as_object() const noexcept { return container<Object>(); }
  Map* as_map() const noexcept { return container<Map>(); }
  Set* as_set() const noexcept { return container<Set>(); }
  TypedArray* as_typed_array() const noexcept { return container<TypedArray>(); }
  ArrayBuffer* as_array_buffer() const noexcept { return container<ArrayBuffer>(); }
  // True for a weak link (only containers can be).
  bool is_link() const noexcept;

  // The member `key` of an object, or nullptr.
  const Value* find(std::string_view key) const noexcept {
    if (Object* o = as_object())
      for (const auto& [k, v] : *o)
        if (k == key) return &v;
    return nullptr;
  }

 private:
  template <class C>
  C* container() const noexcept {
    const Shared<C>* s = std::get_if<Shared<C>>(&v_);
    return s ? s->get() : nullptr;
  }

  Variant v_;
};

struct Value::Set : std::vector<Value> {
  using std::vector<Value>::vector;
  Set() = default;
  explicit Set(std::vector<Value> v) : std::vector<Value>(std::move(v)) {}
};

inline Value Value::set(std::vector<Value> elements) {
  return Value(std::make_shared<Set>(std::move(elements)));
}

inline bool Value::is_link() const noexcept {
  return std::visit(
      [](const auto& a) {
        if constexpr (requires { a.is_weak(); })
          return a.is_weak();
        else
          return false;
      },
      v_);
}

}  // namespace kiln
