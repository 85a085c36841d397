// The benchmark workloads for the peers (DESIGN section 4, exact values): Kiln's plain workload
// types, the TestClass object graph, and the Bulk generator.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "workloads.hpp"

namespace kiln_bench {

// The plain workloads are Kiln's own types (tests/workloads/workloads.hpp): the peers' code in
// bench/peers/<library>_peer.hpp serializes the very same structs.
using Struct = kiln::workloads::Struct;
using Foo = kiln::workloads::Foo;
using Record = kiln::workloads::Record;
using kiln::workloads::make_foo;
using kiln::workloads::make_record;
using kiln::workloads::make_struct;

using Bulk = std::vector<Foo>;

// The reference benchmark's object graph. Fields are private with accessors, as in the original
// Java classes; the accessors return references so every library can read and write through them.
class TestBaseClass {
 public:
  TestBaseClass() = default;
  static TestBaseClass make();

  std::int8_t& byte_val() { return m_byte; }
  const std::int8_t& byte_val() const { return m_byte; }
  std::int16_t& short_val() { return m_short; }
  const std::int16_t& short_val() const { return m_short; }
  std::int64_t& long_val() { return m_long; }
  const std::int64_t& long_val() const { return m_long; }
  float& float_val() { return m_float; }
  const float& float_val() const { return m_float; }
  double& double_val() { return m_double; }
  const double& double_val() const { return m_double; }
  char16_t& char_val() { return m_char; }
  const char16_t& char_val() const { return m_char; }
  bool& boolean_val() { return m_boolean; }
  const bool& boolean_val() const { return m_boolean; }
  std::int32_t& int_val() { return m_int; }
  const std::int32_t& int_val() const { return m_int; }
  std::string& string_val() { return m_string; }
  const std::string& string_val() const { return m_string; }
  std::array<std::int32_t, 8>& ints() { return m_ints; }
  const std::array<std::int32_t, 8>& ints() const { return m_ints; }
  std::array<std::string, 8>& strings() { return m_strings; }
  const std::array<std::string, 8>& strings() const { return m_strings; }

  bool operator==(const TestBaseClass&) const = default;

 private:
  std::int8_t m_byte = 0;
  std::int16_t m_short = 0;
  std::int64_t m_long = 0;
  float m_float = 0;
  double m_double = 0;
  char16_t m_char = 0;
  bool m_boolean = false;
  std::int32_t m_int = 0;
  std::string m_string;
  std::array<std::int32_t, 8> m_ints{};
  std::array<std::string, 8> m_strings;
};

// m_object2 is the same object as m_object1; only libraries that track shared pointers keep that.
class TestClass : public TestBaseClass {
 public:
  TestClass() = default;
  static TestClass make();

  // Hides the base's m_int accessor, as the Java field hides the base field.
  std::int32_t& int_val() { return m_int; }
  const std::int32_t& int_val() const { return m_int; }
  std::shared_ptr<TestBaseClass>& object1() { return m_object1; }
  const std::shared_ptr<TestBaseClass>& object1() const { return m_object1; }
  std::shared_ptr<TestBaseClass>& object2() { return m_object2; }
  const std::shared_ptr<TestBaseClass>& object2() const { return m_object2; }
  std::array<std::shared_ptr<TestBaseClass>, 4>& objects() { return m_objects; }
  const std::array<std::shared_ptr<TestBaseClass>, 4>& objects() const { return m_objects; }

  TestBaseClass& base() { return *this; }
  const TestBaseClass& base() const { return *this; }

  // Deep equality: pointees compared by value, identity ignored (see shares_object()).
  bool operator==(const TestClass& o) const {
    auto same = [](const std::shared_ptr<TestBaseClass>& a,
                   const std::shared_ptr<TestBaseClass>& b) { return a && b ? *a == *b : a == b; };
    if (!(base() == o.base()) || m_int != o.m_int || !same(m_object1, o.m_object1) ||
        !same(m_object2, o.m_object2))
      return false;
    for (std::size_t i = 0; i < m_objects.size(); ++i)
      if (!same(m_objects[i], o.m_objects[i])) return false;
    return true;
  }
  // True when m_object1 and m_object2 are one object, as in the original graph.
  bool shares_object() const { return m_object1 && m_object1 == m_object2; }

 private:
  std::int32_t m_int = 0;
  std::shared_ptr<TestBaseClass> m_object1;
  std::shared_ptr<TestBaseClass> m_object2;
  std::array<std::shared_ptr<TestBaseClass>, 4> m_objects;
};

inline TestBaseClass TestBaseClass::make() {
  TestBaseClass t;
  t.m_byte = 1;
  t.m_short = 2;
  t.m_long = 3;
  t.m_float = 4;
  t.m_double = 5;
  t.m_char = u'6';
  t.m_boolean = true;
  t.m_int = 8;
  t.m_string = "some string";
  t.m_ints.fill(8);
  for (std::size_t i = 0; i < t.m_strings.size(); ++i)
    t.m_strings[i] = "string value #" + std::to_string(i);
  return t;
}

inline TestClass TestClass::make() {
  TestClass t;
  t.base() = TestBaseClass::make();
  t.m_int = 4;
  t.m_object1 = std::make_shared<TestBaseClass>(TestBaseClass::make());
  t.m_object2 = t.m_object1;
  for (auto& o : t.m_objects) o = std::make_shared<TestBaseClass>(TestBaseClass::make());
  return t;
}

inline constexpr int kBulkItems = 1000;

// The Bulk workload: kBulkItems Foo-shaped values with varied strings (lengths 3..40, a few
// non-ASCII) and varied numbers (small to 2^40), drawn from a fixed-seed generator so every
// library and both targets see the same data. FooT is Kiln's or the peers' Foo.
template <class FooT>
std::vector<FooT> make_bulk() {
  std::uint64_t state = 0x9e3779b97f4a7c15ull;
  auto next = [&state] {  // xorshift64*: deterministic and identical on every target
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return (state * 0x2545f4914f6cdd1dull) >> 32;
  };
  auto text = [&next](std::string prefix) {
    static constexpr char kChars[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    std::size_t n = 3 + next() % 38;
    if (next() % 16 == 0) prefix += "\xc3\xa9t\xc3\xa9-";  // "été-": some multi-byte UTF-8
    while (prefix.size() < n) prefix += kChars[next() % (sizeof(kChars) - 1)];
    return prefix;
  };
  std::vector<FooT> items(kBulkItems);
  for (int i = 0; i < kBulkItems; ++i) {
    FooT& foo = items[static_cast<std::size_t>(i)];
    foo.f1 = static_cast<std::int32_t>(next() % 100000);
    foo.f2 = text("name");
    std::size_t n = 5 + next() % 31;  // 5..35 strings and entries
    for (std::size_t j = 0; j < n; ++j) foo.f3.push_back(text("s"));
    for (std::size_t j = 0; j < n; ++j) {
      std::uint64_t v = next();
      foo.f4.emplace(text("key" + std::to_string(j)),
                     static_cast<std::int64_t>(j % 3 == 0 ? v << 8 : v % 1000));
    }
  }
  return items;
}

// The workload values in the peers' types, for adapters that serialize plain C++ objects.
struct PlainValues {
  static Struct make(Tag<Workload::kStruct>) { return make_struct(); }
  static Foo make(Tag<Workload::kFoo>) { return make_foo(); }
  static Record make(Tag<Workload::kRecord>) { return make_record(); }
  static TestClass make(Tag<Workload::kTestClass>) { return TestClass::make(); }
  static Bulk make(Tag<Workload::kBulk>) { return make_bulk<Foo>(); }
};

}  // namespace kiln_bench
