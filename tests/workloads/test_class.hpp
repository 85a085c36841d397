// The TestClass object graph of the reference benchmark (DESIGN section 4): a class with private
// fields, a base class, one object held by two fields, and an array of objects.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "kiln/detail/reflect/fields.hpp"

namespace kiln::workloads {

// The reference benchmark's object graph. Fields are private with accessors, as in the original
// Java classes; the accessors return references so every library can read and write through them;
// Kiln reads the private fields through KILN_FIELDS.
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

 public:
  KILN_FIELDS(TestBaseClass, m_byte, m_short, m_long, m_float, m_double, m_char, m_boolean, m_int,
              m_string, m_ints, m_strings)
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

 public:
  KILN_FIELDS_WITH_BASES(TestClass, (TestBaseClass), m_int, m_object1, m_object2, m_objects)
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

}  // namespace kiln::workloads
