// The generic-value golden cases (tests/golden/value/*.bin): the same values, built here in C++
// and in tests/js/value_cases.mjs in JavaScript, must encode to exactly these files on both sides.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "kiln/kiln.hpp"

namespace kiln::workloads {

struct ValueCase {
  std::string name;  // file name without ".bin"
  bool track_references;
  Value value;
};

namespace value_detail {

inline Value big(bool negative, std::vector<std::uint8_t> magnitude) {
  return Value(BigInt{negative, std::move(magnitude)});
}

template <class T>
std::vector<std::uint8_t> le_bytes(std::initializer_list<T> items) {
  std::vector<std::uint8_t> out;
  for (T v : items) {
    std::uint8_t b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));  // the targets are little-endian
    out.insert(out.end(), b, b + sizeof(T));
  }
  return out;
}

// The Foo workload as a plain object: f1 = 100, f2 = "abc", f3 = "string0".."string19",
// f4 = {"key0": 0 .. "key19": 19}.
inline Value foo_object() {
  Value::Array f3;
  Value::Object f4;
  for (int i = 0; i < 20; ++i) {
    f3.emplace_back("string" + std::to_string(i));
    f4.emplace_back("key" + std::to_string(i), i);
  }
  return Value::object({{"f1", 100},
                        {"f2", "abc"},
                        {"f3", Value::array(std::move(f3))},
                        {"f4", Value::object(std::move(f4))}});
}

}  // namespace value_detail

inline std::vector<ValueCase> value_cases() {
  using namespace value_detail;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<ValueCase> cases;

  cases.push_back(
      {"scalars", false,
       Value::array({Value(), Value(Undefined{}), false, true, 0, 127, 128, -1, -129,
                     std::int64_t{9007199254740991}, std::int64_t{-9007199254740991}, 1.5, -0.0,
                     std::nan(""), inf, -inf, 9007199254740992.0, 1e300, 0.1})});
  cases.push_back(
      {"int64", false,
       Value::array({std::int64_t{1} << 60, std::numeric_limits<std::int64_t>::min(),
                     std::numeric_limits<std::int64_t>::max(), -(std::int64_t{1} << 53)})});
  // 2^63 (just past int64), -(2^64), 2^100 + 1, then BigInts that fit an int64 (still bigints
  // on the wire): 0, 5, -1, 127, 2^60, -(2^63).
  std::vector<std::uint8_t> p100(13, 0);
  p100[0] = 1;
  p100[12] = 0x10;
  cases.push_back(
      {"bigint", false,
       Value::array(
           {big(false, {0, 0, 0, 0, 0, 0, 0, 0x80}), big(true, {0, 0, 0, 0, 0, 0, 0, 0, 1}),
            big(false, p100), big(false, {}), big(false, {5}), big(true, {1}), big(false, {127}),
            big(false, {0, 0, 0, 0, 0, 0, 0, 0x10}), big(true, {0, 0, 0, 0, 0, 0, 0, 0x80})})});
  cases.push_back({"strings", false,
                   Value::array({"", "a", std::string(63, 'x'), std::string(64, 'y'),
                                 std::string(200, 'z'), "h\xc3\xa9llo", "\xf0\x9f\x98\x80",
                                 "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", std::string("a\0b", 3),
                                 std::string(30, 'x') + "\xc3\xa9" + std::string(31, 'x')})});
  cases.push_back({"string_root", false, Value("hello")});
  cases.push_back({"int_root", false, Value(-100000)});
  cases.push_back({"foo", false, foo_object()});
  cases.push_back({"record", false,
                   Value::object({{"f1", 10},
                                  {"f2", "abc"},
                                  {"f3", Value::array({"str1", "str2"})},
                                  {"f4", Value::object({{"k1", 10}, {"k2", 20}})}})});
  cases.push_back(
      {"objects", false,
       Value::object({{"", 1},
                      {"__proto__", Value::object({{"polluted", true}})},
                      {"nested", Value::object({{"a", Value::object({{"b", Value::array()}})}})},
                      {"caf\xc3\xa9", Value::array()},
                      {"undef", Value(Undefined{})}})});
  cases.push_back({"maps_sets", false,
                   Value::array({Value::map({{1, "one"},
                                             {"1", "string one"},
                                             {Value(), 2.5},
                                             {Value::object(), Value::array()},
                                             {Value(Undefined{}), Value::set()}}),
                                 Value::set({1, "a", 2.5, Value(), Value::array({1})})})});
  cases.push_back(
      {"typed_arrays", false,
       Value::array(
           {Value::typed_array(TypedKind::kInt8, le_bytes<std::int8_t>({-1, 2})),
            Value::typed_array(TypedKind::kUint8, {1, 2, 255}),
            Value::typed_array(TypedKind::kUint8Clamped, {0, 255}),
            Value::typed_array(TypedKind::kInt16, le_bytes<std::int16_t>({-2, 300})),
            Value::typed_array(TypedKind::kUint16, le_bytes<std::uint16_t>({65535})),
            Value::typed_array(TypedKind::kInt32, le_bytes<std::int32_t>({-5, 1 << 30})),
            Value::typed_array(TypedKind::kUint32, le_bytes<std::uint32_t>({4000000000u})),
            Value::typed_array(TypedKind::kFloat32, le_bytes<float>({1.5f, -0.25f})),
            Value::typed_array(TypedKind::kFloat64, le_bytes<double>({0.1, -1e300})),
            Value::typed_array(TypedKind::kBigInt64, le_bytes<std::int64_t>({-1})),
            Value::typed_array(TypedKind::kBigUint64, le_bytes<std::uint64_t>({~std::uint64_t{0}})),
            Value::typed_array(TypedKind::kFloat64, {}), Value::array_buffer({1, 2, 3})})});
  cases.push_back(
      {"dates", false, Value::array({Date{0}, Date{1700000000123.0}, Date{-86400000.0}})});
  cases.push_back({"holes", false, Value::array({1, Hole{}, 3, Value(Undefined{}), Hole{}})});
  cases.push_back(
      {"empty", false,
       Value::array({Value::array(), Value::object(), Value::map(), Value::set(), ""})});
  {
    // The same array twice, and the same typed array twice: with tracking, one copy each.
    Value shared = Value::array({1, 2});
    Value bytes = Value::typed_array(TypedKind::kUint8, {7});
    Value v = Value::object({{"a", shared}, {"b", shared}, {"c", bytes}, {"d", bytes}});
    cases.push_back({"shared_tracked", true, v});
    cases.push_back({"shared_untracked", false, v});
  }
  {
    // root = {name: "root", kids: [root, map]}, map = Map{"parent" -> root}; the back-edges to
    // the root are weak links, so this value frees itself.
    auto root = std::make_shared<Value::Object>();
    auto map = std::make_shared<Value::Map>();
    map->emplace_back("parent", Value::link(root));
    root->emplace_back("name", "root");
    root->emplace_back("kids", Value::array({Value::link(root), Value(map)}));
    cases.push_back({"cycle", true, Value(root)});
  }
  return cases;
}

}  // namespace kiln::workloads
