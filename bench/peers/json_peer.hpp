// nlohmann::json: the value becomes a json document (objects keyed by field name), then text;
// decoding parses the text into a document and converts it. shared_ptr is written by value:
// TestClass's shared object is written twice and comes back as two objects.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "common.hpp"
#include "types.hpp"

// to_json/from_json are found by argument-dependent lookup: in each type's namespace.
namespace kiln::workloads {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Struct, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Foo, f1, f2, f3, f4)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Record, f1, f2, f3, f4)
}  // namespace kiln::workloads

namespace kiln::workloads {

inline void to_json(nlohmann::json& j, const TestBaseClass& t) {
  j = nlohmann::json{
      {"m_byte", t.byte_val()},       {"m_short", t.short_val()},
      {"m_long", t.long_val()},       {"m_float", t.float_val()},
      {"m_double", t.double_val()},   {"m_char", static_cast<std::uint16_t>(t.char_val())},
      {"m_boolean", t.boolean_val()}, {"m_int", t.int_val()},
      {"m_string", t.string_val()},   {"m_ints", t.ints()},
      {"m_strings", t.strings()}};
}

inline void from_json(const nlohmann::json& j, TestBaseClass& t) {
  j.at("m_byte").get_to(t.byte_val());
  j.at("m_short").get_to(t.short_val());
  j.at("m_long").get_to(t.long_val());
  j.at("m_float").get_to(t.float_val());
  j.at("m_double").get_to(t.double_val());
  t.char_val() = static_cast<char16_t>(j.at("m_char").get<std::uint16_t>());
  j.at("m_boolean").get_to(t.boolean_val());
  j.at("m_int").get_to(t.int_val());
  j.at("m_string").get_to(t.string_val());
  j.at("m_ints").get_to(t.ints());
  j.at("m_strings").get_to(t.strings());
}

namespace json_detail {
inline nlohmann::json ptr_to_json(const std::shared_ptr<TestBaseClass>& p) {
  return p ? nlohmann::json(*p) : nlohmann::json(nullptr);
}
inline void ptr_from_json(const nlohmann::json& j, std::shared_ptr<TestBaseClass>& p) {
  if (j.is_null()) {
    p.reset();
  } else {
    p = std::make_shared<TestBaseClass>();
    j.get_to(*p);
  }
}
}  // namespace json_detail

inline void to_json(nlohmann::json& j, const TestClass& t) {
  nlohmann::json objects = nlohmann::json::array();
  for (const auto& o : t.objects()) objects.push_back(json_detail::ptr_to_json(o));
  j = nlohmann::json{{"base", t.base()},
                     {"m_int", t.int_val()},
                     {"m_object1", json_detail::ptr_to_json(t.object1())},
                     {"m_object2", json_detail::ptr_to_json(t.object2())},
                     {"m_objects", std::move(objects)}};
}

inline void from_json(const nlohmann::json& j, TestClass& t) {
  j.at("base").get_to(t.base());
  j.at("m_int").get_to(t.int_val());
  json_detail::ptr_from_json(j.at("m_object1"), t.object1());
  json_detail::ptr_from_json(j.at("m_object2"), t.object2());
  const auto& objects = j.at("m_objects");
  for (std::size_t i = 0; i < t.objects().size(); ++i)
    json_detail::ptr_from_json(objects.at(i), t.objects()[i]);
}

}  // namespace kiln::workloads

namespace kiln_bench {

class JsonPeer : public PlainValues {
 public:
  static constexpr const char* kLibrary = "nlohmann_json";
  static constexpr const char* kMode = "json";

  template <class T>
  KILN_BENCH_INLINE Bytes serialize(const T& value) {
    text_ = nlohmann::json(value).dump();
    return {reinterpret_cast<const std::uint8_t*>(text_.data()), text_.size()};
  }
  template <class T>
  KILN_BENCH_INLINE bool deserialize(const std::uint8_t* data, std::size_t size, T& out) {
    const Bytes in(data, size);
    nlohmann::json::parse(in.begin(), in.end()).get_to(out);
    return true;
  }

 private:
  std::string text_;
};

}  // namespace kiln_bench
