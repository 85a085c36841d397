// How each C++ type family looks in JavaScript, and the JS code that writes and reads it.
// Instantiated by the generator (a build-time program) from the same compile-time reflection the
// C++ serializers use, so the emitted JS writes the same bytes and makes the same checks, in the
// same order, with the same error codes and offsets as core/kiln/detail/ser/*.hpp.
#pragma once

#include <map>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "js_names.hpp"
#include "kiln/kiln.hpp"

namespace kiln::jsgen {

// Emission state: one JS function pair per struct type, emitted once, in dependency order.
struct Context {
  std::map<std::string, std::string> struct_ids;  // C++ type name -> JS identifier
  std::string functions;                          // emitted struct functions
  std::string declarations;                       // emitted TypeScript interfaces
  std::set<std::string> exported;                 // the module's exported names
  std::set<std::string> locals;                   // declared in the function being emitted

  // Schema declarations: each exported type also as the schema constructors of
  // js/runtime/schema build it (schema(c) below), one const per struct type. Declarations name
  // their bases, which must be declared first (schema_declarations()); fields are a function,
  // called on first use, so recursive types and types met in any order refer to each other.
  struct SchemaConst {
    std::string code;
    std::vector<std::string> bases;  // the consts of its base classes
  };
  std::string schema_ns = "k";                    // the runtime's `schema` namespace, as imported
  std::map<std::string, std::string> schema_ids;  // C++ type name -> JS const
  std::map<std::string, SchemaConst> schema_consts;  // JS const -> declaration
  std::vector<std::string> schema_order;             // JS consts, as first met

  // A new local of the function being emitted, named `stem` (a field, or a field and the role
  // of the local: `f3_i`), or `stem_2`, `stem_3`... when that is taken or would shadow a name
  // the generated code uses.
  std::string local(const std::string& stem) {
    std::string name = stem;
    for (int n = 2; locals.count(name) || exported.count(name) || names::is_reserved(name); ++n)
      name = stem + "_" + std::to_string(n);
    locals.insert(name);
    return name;
  }

  // A new module-level name: `stem`, or `stem_2`, `stem_3`... when an exported name or a schema
  // const has it.
  std::string top_level(const std::string& stem) const {
    std::string name = stem;
    for (int n = 2; exported.count(name) || schema_consts.count(name) || names::is_reserved(name);
         ++n)
      name = stem + "_" + std::to_string(n);
    return name;
  }

  // The schema consts, each after those of its bases (which the constructor takes as values).
  std::string schema_declarations() const {
    std::string out;
    std::set<std::string> done;
    auto emit = [&](auto& self, const std::string& name) -> void {
      if (!done.insert(name).second) return;
      const SchemaConst& s = schema_consts.at(name);
      for (const std::string& b : s.bases) self(self, b);
      out += s.code;
    };
    for (const std::string& name : schema_order) emit(emit, name);
    return out;
  }
};

// The JS code of alternative blocks (`if`/`else`, `case`s) declares its locals inside each
// block, so each block may reuse the names the others use; the locals of all blocks stay taken
// for what follows. Call next() before each block after the first, and end() after the last.
class Blocks {
 public:
  explicit Blocks(Context& c) : c_(c), before_(c.locals) {}
  void next() {
    taken_.insert(c_.locals.begin(), c_.locals.end());
    c_.locals = before_;
  }
  void end() { c_.locals.insert(taken_.begin(), taken_.end()); }

 private:
  Context& c_;
  std::set<std::string> before_, taken_;
};

// The two number modes, as they are named in the generated code.
template <int Mode>
using ModeOf = std::conditional_t<Mode == 0, FixedMode, CompressedMode>;
template <int Mode>
inline constexpr const char* kModeName = Mode == 0 ? "fixed" : "compressed";
template <int Mode>
inline constexpr const char* kModeMethod = Mode == 0 ? "Fixed" : "Compressed";

// The schema constructor of a number token (kiln::detail::number_token).
inline std::string schema_number(std::string_view token) {
  if (token == "c8") return "char8";
  if (token == "c16") return "char16";
  if (token == "c32") return "char32";
  return std::string(token);
}

// Whether a struct schema takes this field name (js/runtime/schema/struct.mjs: an identifier
// not starting with "__").
inline bool schema_field_name(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9') || name.substr(0, 2) == "__") return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  return true;
}

inline std::string js_string(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

inline bool js_identifier_name(std::string_view name) {
  bool ident = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
  for (char c : name)
    ident = ident && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '$');
  return ident;
}

// Property access that works for any field name.
inline std::string js_prop(const std::string& obj, std::string_view name) {
  return js_identifier_name(name) ? obj + "." + std::string(name)
                                  : obj + "[" + js_string(name) + "]";
}

// A property name in an object literal.
inline std::string js_prop_key(std::string_view name) {
  return js_identifier_name(name) && name != "__proto__" ? std::string(name) : js_string(name);
}

// Per type family (below and in js_containers.hpp, js_struct.hpp, js_pointer.hpp):
//   ts(c, input)                         the TypeScript type of values read (or accepted)
//   write<Mode>(c, out, v, name, path, ind)  appends statements writing the JS expression v
//   read<Mode>(c, out, name, ind)        appends statements and returns an expression reading one
//   schema(c)                            the type built with the schema constructors (k.i32,
//                                        k.vector(...), Foo_schema), declaring the structs it uses
//   lacks_schema(seen)                   true when the schema constructors cannot express the
//                                        type or a type it reaches (an enum on a character or
//                                        bool); `seen`: the structs already visited
// `name` is what the value is called (a field, or a field and a role such as `f3_item`): the
// locals made for it are named after it. `path` is a JS string expression naming the value in
// encode errors, and `ind` the indentation.
template <class T, class Enable = void>
struct Js;

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

// (An enum with a kiln::Adapter is its wire type instead: js_adapted.hpp.)
template <class T>
inline constexpr bool is_number_like = std::is_arithmetic_v<T> ||
                                       (std::is_enum_v<T> && !kiln::detail::has_adapter<T>);

}  // namespace detail

// bool, integers, characters, floating point, enums.
template <class T>
struct Js<T, std::enable_if_t<detail::is_number_like<T>>> {
  static detail::NumberJs info() { return detail::number_js(detail::number_token_of<T>()); }
  static std::string ts(Context&, bool input) { return input ? info().ts_in : info().ts_out; }
  // An enum: its wire name (which its fingerprint holds) and underlying integer.
  static std::string schema(Context& c) {
    std::string number = c.schema_ns + "." + schema_number(detail::number_token_of<T>());
    if constexpr (std::is_enum_v<T>)
      return c.schema_ns + ".enumeration(" + js_string(kiln::detail::reflect::wire_name<T>) + ", " +
             number + ")";
    else
      return number;
  }
  // The schema constructors take enums on integers only (not char, char8_t... or bool).
  static bool lacks_schema(std::set<std::string>&) {
    if constexpr (std::is_enum_v<T>) {
      std::string_view token = detail::number_token_of<T>();
      return token == "bool" || token[0] == 'c';
    } else {
      return false;
    }
  }
  template <int Mode>
  static void write(Context&, std::string& out, const std::string& v, const std::string&,
                    const std::string& path, const std::string& ind) {
    auto n = info();
    out += ind + "if (" + detail::subst(n.check, v) + ") invalid(" + path + ", '" + n.expected +
           "', " + v + ");\n";
    out += ind + detail::subst(n.write[Mode], v) + ";\n";
  }
  template <int Mode>
  static std::string read(Context&, std::string&, const std::string&, const std::string&) {
    return info().read[Mode];
  }
};

// std::string, std::string_view.
template <class T>
struct Js<T, std::enable_if_t<kiln::detail::is_string<T>>> {
  static std::string ts(Context&, bool) { return "string"; }
  static std::string schema(Context& c) { return c.schema_ns + ".string"; }
  static bool lacks_schema(std::set<std::string>&) { return false; }
  template <int Mode>
  static void write(Context&, std::string& out, const std::string& v, const std::string&,
                    const std::string& path, const std::string& ind) {
    out +=
        ind + "if (typeof " + v + " !== 'string') invalid(" + path + ", 'a string', " + v + ");\n";
    out += ind + "w.str(" + v + ");\n";
  }
  template <int Mode>
  static std::string read(Context&, std::string&, const std::string&, const std::string&) {
    return "r.str()";
  }
};

}  // namespace kiln::jsgen
