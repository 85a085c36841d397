// Writes the constants the JS runtime mirrors, as the C++ core defines them, to a JSON file:
// error codes and their texts, header flags and layout, generic-value tags and typed-array
// kinds, the default decode and frame limits and the wasm module's flag for header-less messages.
// tests/js/constants.test.mjs holds js/runtime to it. Enumerators and Limits' fields are found
// by reflection; the plain constants are listed here, and that test checks the list against the
// headers that declare them.
//   usage: node kiln_cpp_constants_gen.js OUT.json
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "enum_names.hpp"
#include "kiln/detail/wire/value_tags.hpp"
#include "kiln/kiln.hpp"
#include "module.hpp"

namespace {

using kiln::jsgen::Enumerator;
using kiln::jsgen::enumerators;

std::string quoted(std::string_view s) {
  return "\"" + std::string(s) + "\"";
}

std::string json_value(bool v) {
  return v ? "true" : "false";
}
template <class T>
std::string json_value(T v) {
  return std::to_string(v);
}

// {"name": ..., "value": ...[, more]}
std::string entry(std::string_view name, const std::string& value, const std::string& more = "") {
  return "{\"name\": " + quoted(name) + ", \"value\": " + value + more + "}";
}

// A JSON array, one entry a line.
std::string array(const std::vector<std::string>& items) {
  std::string s = "[";
  for (const std::string& item : items) s += (s.size() > 1 ? ",\n    " : "\n    ") + item;
  return s + "\n  ]";
}

std::string entries(const std::vector<Enumerator>& list) {
  std::vector<std::string> items;
  for (const Enumerator& e : list) items.push_back(entry(e.name, std::to_string(e.value)));
  return array(items);
}

// Plain constants, named as declared.
#define KILN_CONSTANT(scope, name)         \
  Enumerator {                             \
#name, static_cast < int>(scope::name) \
  }

std::string error_codes() {
  std::vector<std::string> items;
  for (const Enumerator& e : enumerators<kiln::ErrorCode>()) {
    const char* text = kiln::error_code_name(static_cast<kiln::ErrorCode>(e.value));
    items.push_back(entry(e.name, std::to_string(e.value), ", \"text\": " + quoted(text)));
  }
  return array(items);
}

std::string typed_kinds() {
  std::vector<std::string> items;
  for (const Enumerator& e : enumerators<kiln::TypedKind>()) {
    std::size_t bytes = kiln::element_bytes(static_cast<kiln::TypedKind>(e.value));
    items.push_back(
        entry(e.name, std::to_string(e.value), ", \"bytes\": " + std::to_string(bytes)));
  }
  return array(items);
}

// Every field of a limits struct (Limits, FrameLimits) with its default value.
template <class Limits>
std::string limits() {
  namespace reflect = kiln::detail::reflect;
  Limits defaults{};
  std::vector<std::string> items;
  reflect::for_each_index<Limits>([&](auto I) {
    items.push_back(
        entry(reflect::field_name<Limits, I>, json_value(reflect::get_field<I>(defaults))));
  });
  return array(items);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT.json\n", argv[0]);
    return 2;
  }
  namespace wire = kiln::detail::wire;
  namespace tags = kiln::detail::value_tags;
  std::string json = "{\n";
  json += "  \"errorCodes\": " + error_codes() + ",\n";
  json += "  \"headerFlags\": " + entries(enumerators<wire::Flags>()) + ",\n";
  json += "  \"header\": " +
          entries({KILN_CONSTANT(wire, kMagic), KILN_CONSTANT(wire, kVersion),
                   KILN_CONSTANT(wire, kHeaderBytes), KILN_CONSTANT(wire, kShortHeaderBytes),
                   KILN_CONSTANT(wire, kSupportedFlags)}) +
          ",\n";
  json +=
      "  \"valueTags\": " +
      entries({KILN_CONSTANT(tags, kNull), KILN_CONSTANT(tags, kUndefined),
               KILN_CONSTANT(tags, kFalse), KILN_CONSTANT(tags, kTrue), KILN_CONSTANT(tags, kInt),
               KILN_CONSTANT(tags, kFloat), KILN_CONSTANT(tags, kBigInt),
               KILN_CONSTANT(tags, kString), KILN_CONSTANT(tags, kDate), KILN_CONSTANT(tags, kHole),
               KILN_CONSTANT(tags, kArray), KILN_CONSTANT(tags, kObject), KILN_CONSTANT(tags, kMap),
               KILN_CONSTANT(tags, kSet), KILN_CONSTANT(tags, kTypedArray),
               KILN_CONSTANT(tags, kArrayBuffer), KILN_CONSTANT(tags, kReference),
               KILN_CONSTANT(tags, kShortString), KILN_CONSTANT(tags, kSmallInt)}) +
      ",\n";
  json += "  \"valueFingerprint\": " + std::to_string(kiln::fingerprint_of<kiln::Value>()) + ",\n";
  json += "  \"typedKinds\": " + typed_kinds() + ",\n";
  json += "  \"typedKindCount\": " + std::to_string(kiln::kTypedKindCount) + ",\n";
  json += "  \"limits\": " + limits<kiln::Limits>() + ",\n";
  json += "  \"frameLimits\": " + limits<kiln::FrameLimits>() + ",\n";
  json += "  \"allocBudget\": " +
          entries({KILN_CONSTANT(kiln::Limits, kAllocPerInputByte),
                   KILN_CONSTANT(kiln::Limits, kAllocBase)}) +
          ",\n";
  json += "  \"storage\": " +
          entries({KILN_CONSTANT(kiln::detail, kHandleStorage),
                   KILN_CONSTANT(kiln::detail, kValueStorage),
                   KILN_CONSTANT(kiln::detail, kUniquePtrStorage),
                   KILN_CONSTANT(kiln::detail, kSharedPtrStorage),
                   KILN_CONSTANT(kiln::detail, kNodeLinks)}) +
          ",\n";
  namespace evolve = kiln::detail::evolve;
  json += "  \"typeCodes\": " + entries(enumerators<evolve::TypeCode>()) + ",\n";
  json += "  \"typeTable\": " +
          entries({KILN_CONSTANT(evolve, kFirstCode), KILN_CONSTANT(evolve, kLastCode),
                   KILN_CONSTANT(evolve, kBaseMarker)}) +
          ",\n";
  json += "  \"typeText\": " + entries({KILN_CONSTANT(evolve, kTypeTextMax)}) + ",\n";
  json += "  \"wasmModule\": " + entries({KILN_CONSTANT(kiln::wasm, kNoHeader)}) + "\n";
  json += "}\n";
  std::ofstream out(argv[1]);
  out << json;
  out.close();
  return out.good() ? 0 : 1;
}
