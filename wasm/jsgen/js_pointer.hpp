// JS for std::unique_ptr, std::shared_ptr and std::weak_ptr to a struct: the object, or null.
// With reference tracking (Codec option trackReferences; header bit 1) an object reached twice
// is written once, and reading gives back one JS object: identity (===) and cycles survive.
// Polymorphic pointers need the C++ type registry and are not offered to JS.
#pragma once

#include <memory>

#include "js_struct.hpp"

namespace kiln::jsgen {
namespace detail {

// Kind: 0 unique_ptr, 1 shared_ptr, 2 weak_ptr (as Reader.backReference takes it).
template <class E, int Kind>
struct JsPointer {
  static constexpr bool Shares = Kind != 0;
  static_assert(!std::is_polymorphic_v<E>,
                "polymorphic pointers (which need the C++ TypeRegistry) cannot be exported to JS");
  // The object a JS pointer reads is filled in place (a back-reference inside it must find it),
  // so it holds a struct: a plain one, or an adapted type whose wire type is one.
  static_assert(kiln::detail::reflect::Reflectable<js_wire_t<E>> &&
                    !kiln::detail::has_library_serializer<js_wire_t<E>>,
                "JS pointers hold structs, or adapted types whose wire type is a struct");

  static std::string ts(Context& c, bool input) {
    return Js<E>::ts(c, input) + (input ? " | null | undefined" : " | null");
  }
  // (An adapted E: the schema of its wire struct.)
  static std::string schema(Context& c) {
    static constexpr const char* kConstructors[] = {"unique", "shared", "weak"};
    return c.schema_ns + "." + kConstructors[Kind] + "(" + Js<E>::schema(c) + ")";
  }
  static bool lacks_schema(std::set<std::string>& seen) { return Js<E>::lacks_schema(seen); }

  template <int Mode>
  static void write(Context& c, std::string& out, const std::string& v, const std::string& name,
                    const std::string& path, const std::string& ind) {
    out += ind + "if (" + v + " === null || " + v + " === undefined) w.u8(0);\n";
    out += ind + "else if (w.pointer(" + v + ", " + std::to_string(Kind) + ", " + path + ")) {\n";
    Js<E>::template write<Mode>(c, out, v, name, path, ind + "  ");
    out += ind + "  w.pointerDone();\n" + ind + "}\n";
  }

  // Same checks, in the same order, as PointerSerializer::read: tag, then (new object) depth,
  // the object's size charged to the allocation budget, the reference table's limit, and the
  // struct itself; the object exists before its fields are read so that a back-reference
  // inside it finds it. A weak_ptr's announcement makes the object empty; its first shared_ptr
  // (r.defining) fills it.
  template <int Mode>
  static std::string read(Context& c, std::string& out, const std::string& name,
                          const std::string& ind) {
    const std::string cpp = js_string(kiln::detail::reflect::type_name<E>);
    std::string o = c.local(name + "_ptr"), at = c.local(name + "_at"),
                tag = c.local(name + "_tag");
    out += ind + "let " + o + " = null;\n";
    out += ind + "const " + at + " = r.pos;\n";
    out += ind + "const " + tag + " = r.varintNumber('pointer tag');\n";
    out += ind + "if (" + tag + " >= 2) {\n";
    out += ind + "  " + o + " = r.backReference(" + tag + " - 2, " + cpp + ", " + at + ", " +
           std::to_string(Kind) + ", " + std::to_string(kiln::detail::object_charge<E>) + ");\n";
    Blocks blocks(c);
    if (Kind == 1) {
      std::string slot = c.local(name + "_slot");
      out += ind + "  if (r.defining >= 0) {\n";
      out += ind + "    const " + slot + " = r.defining;\n";
      fields<Mode>(c, out, o, slot, name, ind + "    ");
      out += ind + "  }\n";
    }
    blocks.next();
    out += ind + "} else if (" + tag + " === 1) {\n";
    out += ind + "  r.enter('pointer');\n";
    out += ind + "  r.charge(r.pos, " + std::to_string(kiln::detail::object_charge<E>) +
           ", 'object');\n";
    out += ind + "  " + o + " = {};\n";
    std::string slot = Shares ? c.local(name + "_slot") : "";
    if (Shares) out += ind + "  const " + slot + " = r.remember(" + o + ", " + cpp + ");\n";
    fields<Mode>(c, out, o, slot, name, ind + "  ");
    out += ind + "}\n";
    blocks.end();
    return o;
  }

 private:
  // Reads the struct into the object o already made, then closes its slot (if any) and leaves.
  template <int Mode>
  static void fields(Context& c, std::string& out, const std::string& o, const std::string& slot,
                     const std::string& name, const std::string& ind) {
    std::string body;
    std::string x = Js<E>::template read<Mode>(c, body, name, ind);
    out += body + ind + "Object.assign(" + o + ", " + x + ");\n";
    if (!slot.empty()) out += ind + "r.close(" + slot + ");\n";
    out += ind + "r.leave();\n";
  }
};

}  // namespace detail

template <class E>
struct Js<std::unique_ptr<E>> : detail::JsPointer<E, 0> {};
template <class E>
struct Js<std::shared_ptr<E>> : detail::JsPointer<E, 1> {};
template <class E>
struct Js<std::weak_ptr<E>> : detail::JsPointer<E, 2> {};

}  // namespace kiln::jsgen
