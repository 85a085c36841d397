// How each C++ type family looks in JavaScript, and the JS code that writes and reads it.
// Instantiated by the generator (a build-time program) from the same compile-time reflection the
// C++ serializers use, so the emitted JS writes the same bytes and makes the same checks, in the
// same order, with the same error codes and offsets as core/include/kiln/ser/*.hpp.
#pragma once

#include <map>
#include <string>
#include <type_traits>

#include "kiln/kiln.hpp"

namespace kiln::jsgen {

// Emission state: one JS function pair per struct type, emitted once, in dependency order.
struct Context {
  std::map<std::string, std::string> struct_ids;  // C++ type name -> JS identifier
  std::string functions;                          // emitted struct functions
  std::string declarations;                       // emitted TypeScript interfaces
  int next_temp = 0;
  std::string temp(const char* stem) { return stem + std::to_string(next_temp++); }
};

// One mode: 0 = fixed-width numbers, 1 = compressed numbers.
template <int Mode>
using ModeOf = std::conditional_t<Mode == 0, FixedMode, CompressedMode>;

inline std::string js_string(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

// Property access that works for any field name.
inline std::string js_prop(const std::string& obj, std::string_view name) {
  bool ident = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
  for (char c : name)
    ident = ident && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '$');
  return ident ? obj + "." + std::string(name) : obj + "[" + js_string(name) + "]";
}

template <class T, class Enable = void>
struct Js;  // per family below

}  // namespace kiln::jsgen

namespace kiln::jsgen {
namespace detail {

struct NumberJs {
  const char* check;     // JS condition (on `$`, the value) that is true when the value is INVALID
  const char* expected;  // for the error message
  const char* write[2];  // statement writing `$`, per mode
  const char* read[2];   // expression reading one, per mode
  const char* ts_out;
  const char* ts_in;
  const char* typed_array;  // element type of a JS typed array, or nullptr
};

inline NumberJs number_js(std::string_view token) {
  if (token == "bool")
    return {"typeof $ !== 'boolean'",
            "a boolean",
            {"w.u8($ ? 1 : 0)", "w.u8($ ? 1 : 0)"},
            {"r.bool()", "r.bool()"},
            "boolean",
            "boolean",
            nullptr};
  if (token == "i8")
    return {"typeof $ !== 'number' || (($ << 24) >> 24) !== $",
            "an int8",
            {"w.u8($ & 0xff)", "w.u8($ & 0xff)"},
            {"r.i8()", "r.i8()"},
            "number",
            "number",
            "Int8Array"};
  if (token == "u8" || token == "c8")
    return {
        "typeof $ !== 'number' || ($ & 0xff) !== $",
        "a uint8",
        {"w.u8($)", "w.u8($)"},
        {token == "u8" ? "r.u8('u8')" : "r.u8('c8')", token == "u8" ? "r.u8('u8')" : "r.u8('c8')"},
        "number",
        "number",
        "Uint8Array"};
  if (token == "i16")
    return {"typeof $ !== 'number' || (($ << 16) >> 16) !== $",
            "an int16",
            {"w.u16($ & 0xffff)", "w.u16($ & 0xffff)"},
            {"r.i16()", "r.i16()"},
            "number",
            "number",
            "Int16Array"};
  if (token == "u16" || token == "c16")
    return {"typeof $ !== 'number' || ($ & 0xffff) !== $",
            "a uint16",
            {"w.u16($)", "w.u16($)"},
            {token == "u16" ? "r.u16('u16')" : "r.u16('c16')",
             token == "u16" ? "r.u16('u16')" : "r.u16('c16')"},
            "number",
            "number",
            "Uint16Array"};
  if (token == "i32")
    return {"typeof $ !== 'number' || ($ | 0) !== $",
            "an int32",
            {"w.u32($ >>> 0)", "w.varint((($ << 1) ^ ($ >> 31)) >>> 0)"},
            {"r.i32()", "r.zigzag32('i32')"},
            "number",
            "number",
            "Int32Array"};
  if (token == "u32")
    return {"typeof $ !== 'number' || ($ >>> 0) !== $",
            "a uint32",
            {"w.u32($)", "w.varint($)"},
            {"r.u32('u32')", "r.varint32('u32')"},
            "number",
            "number",
            "Uint32Array"};
  if (token == "c32")
    return {"typeof $ !== 'number' || ($ >>> 0) !== $",
            "a uint32",
            {"w.u32($)", "w.u32($)"},
            {"r.u32('c32')", "r.u32('c32')"},
            "number",
            "number",
            "Uint32Array"};
  if (token == "i64")
    return {"!isI64($)",
            "an int64 (a BigInt or a safe integer)",
            {"writeI64(w, $)", "writeZigzag64(w, $)"},
            {"r.i64()", "r.zigzag64('i64')"},
            "bigint",
            "bigint | number",
            "BigInt64Array"};
  if (token == "u64")
    return {"!isU64($)",
            "a uint64 (a BigInt or a non-negative safe integer)",
            {"writeI64(w, $)", "writeVarint64(w, $)"},
            {"r.u64()", "r.varintU64('u64')"},
            "bigint",
            "bigint | number",
            "BigUint64Array"};
  if (token == "f32")
    return {"typeof $ !== 'number'", "a number", {"w.f32($)", "w.f32($)"},
            {"r.f32()", "r.f32()"},  "number",   "number",
            "Float32Array"};
  return {"typeof $ !== 'number'", "a number", {"w.f64($)", "w.f64($)"},
          {"r.f64()", "r.f64()"},  "number",   "number",
          "Float64Array"};
}

// Replaces each '$' in a snippet with the JS expression v.
inline std::string subst(std::string s, const std::string& v) {
  for (std::size_t p = s.find('$'); p != std::string::npos; p = s.find('$', p + v.size()))
    s.replace(p, 1, v);
  return s;
}

template <class T>
constexpr std::string_view number_token_of() {
  if constexpr (std::is_enum_v<T>)
    return kiln::detail::number_token<std::underlying_type_t<T>>();
  else
    return kiln::detail::number_token<T>();
}

template <class T>
inline constexpr bool is_number_like = std::is_arithmetic_v<T> || std::is_enum_v<T>;

}  // namespace detail

// bool, integers, characters, floating point, enums.
template <class T>
struct Js<T, std::enable_if_t<detail::is_number_like<T>>> {
  static detail::NumberJs info() { return detail::number_js(detail::number_token_of<T>()); }
  static std::string ts(Context&, bool input) { return input ? info().ts_in : info().ts_out; }
  template <int Mode>
  static void write(Context&, std::string& out, const std::string& v, const std::string& path,
                    const std::string& ind) {
    auto n = info();
    out += ind + "if (" + detail::subst(n.check, v) + ") invalid(" + path + ", '" + n.expected +
           "', " + v + ");\n";
    out += ind + detail::subst(n.write[Mode], v) + ";\n";
  }
  template <int Mode>
  static std::string read(Context&, std::string&, const std::string&) {
    return info().read[Mode];
  }
};

// std::string, std::string_view.
template <class T>
struct Js<T, std::enable_if_t<kiln::detail::is_string<T>>> {
  static std::string ts(Context&, bool) { return "string"; }
  template <int Mode>
  static void write(Context&, std::string& out, const std::string& v, const std::string& path,
                    const std::string& ind) {
    out +=
        ind + "if (typeof " + v + " !== 'string') invalid(" + path + ", 'a string', " + v + ");\n";
    out += ind + "w.str(" + v + ");\n";
  }
  template <int Mode>
  static std::string read(Context&, std::string&, const std::string&) {
    return "r.str()";
  }
};

}  // namespace kiln::jsgen
