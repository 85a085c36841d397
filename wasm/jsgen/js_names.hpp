// Names in the generated JS. Each identifier says what it serves: `writeFoo_fixed` writes a Foo
// with fixed-width numbers, and a local is named after the field it holds (`f3`), plus its role
// for the locals a container needs (`f3_n` length, `f3_i` index, `f3_item` element).
#pragma once

#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>

namespace kiln::jsgen::names {

// Names a local must not take: JS reserved words, the globals and runtime imports the generated
// code calls, and the parameters of the generated functions.
inline bool is_reserved(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      // reserved words, and names strict mode code cannot bind
      "arguments", "await", "break", "case", "catch", "class", "const", "continue", "debugger",
      "default", "delete", "do", "else", "enum", "eval", "export", "extends", "false", "finally",
      "for", "function", "if", "implements", "import", "in", "instanceof", "interface", "let",
      "new", "null", "package", "private", "protected", "public", "return", "static", "super",
      "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield",
      // globals the generated code uses
      "Array", "BigInt64Array", "BigUint64Array", "Float32Array", "Float64Array", "Infinity",
      "Int16Array", "Int32Array", "Int8Array", "JSON", "Map", "NaN", "Object", "Set", "String",
      "Uint16Array", "Uint32Array", "Uint8Array", "undefined",
      // runtime imports and parameters
      "defineType", "invalid", "isI64", "isU64", "orderedKeys", "plainObject", "writeI64",
      "writeVarint64", "writeZigzag64", "r", "v", "w"};
  if (std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames)) return true;
  // The struct functions: write<Type>_<mode>, read<Type>_<mode>.
  auto starts = [&](std::string_view p) { return name.substr(0, p.size()) == p; };
  auto ends = [&](std::string_view s) {
    return name.size() >= s.size() && name.substr(name.size() - s.size()) == s;
  };
  return (starts("write") || starts("read")) && (ends("_fixed") || ends("_compressed"));
}

// A JS identifier for a C++ name: characters JS identifiers cannot hold become '_'.
inline std::string identifier(std::string_view name) {
  std::string id;
  for (char ch : name) {
    bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
              ch == '_' || ch == '$';
    id += ok ? ch : '_';
  }
  if (id.empty() || (id[0] >= '0' && id[0] <= '9')) id.insert(0, "_");
  return id;
}

// The functions that write and read a struct type in one number mode.
inline std::string write_function(const std::string& type_id, const char* mode) {
  return "write" + type_id + "_" + mode;
}
inline std::string read_function(const std::string& type_id, const char* mode) {
  return "read" + type_id + "_" + mode;
}

}  // namespace kiln::jsgen::names
