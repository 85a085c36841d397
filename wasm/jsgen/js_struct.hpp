// JS for structs (aggregates and KILN_FIELDS classes): one write and one read function per
// struct type and mode, emitted once, so nested and recursive structs share them. The fields of
// each base class (KILN_FIELDS_WITH_BASES) sit in a nested object named after the base, written
// and read first: a derived class may reuse a base's field name (TestClass's m_int), which one
// flat JS object could not hold.
#pragma once

#include <set>
#include <utility>

#include "js_containers.hpp"

namespace kiln::jsgen {
namespace detail {

inline std::string js_identifier(std::string_view cpp_name,
                                 const std::map<std::string, std::string>& taken) {
  std::size_t colon = cpp_name.rfind("::", cpp_name.find('<'));
  std::string_view base = colon == std::string_view::npos ? cpp_name : cpp_name.substr(colon + 2);
  std::string id;
  for (char ch : base) id += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  std::set<std::string> used;
  for (const auto& [k, v] : taken) used.insert(v);
  std::string candidate = id;
  for (int n = 2; used.count(candidate); ++n) candidate = id + "_" + std::to_string(n);
  return candidate;
}

}  // namespace detail

template <class T>
struct Js<T, std::enable_if_t<kiln::detail::reflect::Reflectable<T> &&
                              !kiln::detail::has_library_serializer<T> &&
                              !kiln::detail::has_adapter<T>>> {
  static constexpr std::size_t N = kiln::detail::reflect::field_count<T>;
  template <std::size_t I>
  using F = kiln::detail::reflect::field_type<T, I>;
  using Bases = kiln::detail::reflect::bases_of<T>;
  template <std::size_t I>
  using B = std::tuple_element_t<I, Bases>;

  // Calls fn(integral_constant<I>) for each base class, in order.
  template <class Fn>
  static void for_each_base(Fn&& fn) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (fn(std::integral_constant<std::size_t, I>{}), ...);
    }
    (std::make_index_sequence<std::tuple_size_v<Bases>>{});
  }

  // Emits the functions (once) and returns the JS identifier of this struct.
  static std::string ensure(Context& c) {
    std::string key(kiln::detail::reflect::type_name<T>);
    if (auto it = c.struct_ids.find(key); it != c.struct_ids.end()) return it->second;
    std::string id = detail::js_identifier(key, c.struct_ids);
    c.struct_ids[key] = id;  // before emitting fields, so recursive types refer to themselves
    // First met while another function is being emitted: its locals are set aside meanwhile.
    std::set<std::string> outer = std::exchange(c.locals, {});
    std::string fns;
    emit_write<0>(c, fns, id);
    emit_write<1>(c, fns, id);
    emit_read<0>(c, fns, id);
    emit_read<1>(c, fns, id);
    c.functions += fns;
    c.locals = std::move(outer);
    std::string decl_out = "export interface " + id + " {\n",
                decl_in = "export interface " + id + "Input {\n";
    for_each_base([&](auto I) {
      std::string name = Js<B<I>>::ensure(c);
      decl_out += "  " + name + ": " + Js<B<I>>::ts(c, false) + ";\n";
      decl_in += "  " + name + ": " + Js<B<I>>::ts(c, true) + ";\n";
    });
    for_each([&](auto I) {
      std::string name(kiln::detail::reflect::field_name<T, I>);
      decl_out += "  " + name + ": " + Js<F<I>>::ts(c, false) + ";\n";
      decl_in += "  " + name + ": " + Js<F<I>>::ts(c, true) + ";\n";
    });
    c.declarations += decl_out + "}\n" + decl_in + "}\n";
    return id;
  }

  static std::string ts(Context& c, bool input) { return ensure(c) + (input ? "Input" : ""); }

  // Declares (once) and returns the struct's schema const: its wire name, fields in wire order,
  // field ids declared with kiln_field_ids / kiln::FieldIds, and bases. The schema works out the
  // struct's storage (charged to the allocation budget) from its fields, as C++ does.
  static std::string schema(Context& c) {
    std::string key(kiln::detail::reflect::type_name<T>);
    if (auto it = c.schema_ids.find(key); it != c.schema_ids.end()) return it->second;
    std::string name = c.top_level(ensure(c) + "_schema");
    c.schema_ids[key] = name;  // before the fields, so recursive types refer to themselves
    Context::SchemaConst decl;
    std::string options;
    if constexpr (std::tuple_size_v<Bases> != 0) {
      for_each_base([&](auto I) { decl.bases.push_back(Js<B<I>>::schema(c)); });
      options += "bases: [";
      for (std::size_t i = 0; i < decl.bases.size(); ++i)
        options += (i ? ", " : "") + decl.bases[i];
      options += "]";
    }
    std::string fields, ids;
    for_each([&](auto I) {
      std::string_view field = kiln::detail::reflect::field_name<T, I>;
      std::string field_schema = Js<F<I>>::schema(c);
      fields += "  " + js_prop_key(field) + ": " + field_schema + ",\n";
      if (std::uint32_t id = kiln::detail::evolve::detail::explicit_id<T>(field))
        ids += (ids.empty() ? "" : ", ") + js_prop_key(field) + ": " + std::to_string(id);
    });
    if (!ids.empty()) options += std::string(options.empty() ? "" : ", ") + "ids: { " + ids + " }";
    decl.code = "const " + name + " = " + c.schema_ns + ".struct(" +
                js_string(kiln::detail::reflect::wire_name<T>) + ", () => (" +
                (fields.empty() ? "{}" : "{\n" + fields + "}") + ")" +
                (options.empty() ? "" : ", { " + options + " }") + ");\n";
    c.schema_consts[name] = std::move(decl);
    c.schema_order.push_back(name);
    return name;
  }
  static bool lacks_schema(std::set<std::string>& seen) {
    if (!seen.insert(std::string(kiln::detail::reflect::type_name<T>)).second) return false;
    bool lacks = false;
    for_each_base([&](auto I) { lacks = lacks || Js<B<I>>::lacks_schema(seen); });
    for_each([&](auto I) {
      lacks = lacks || !schema_field_name(kiln::detail::reflect::field_name<T, I>) ||
              Js<F<I>>::lacks_schema(seen);
    });
    return lacks;
  }

  template <int Mode>
  static void write(Context& c, std::string& out, const std::string& v, const std::string&,
                    const std::string&, const std::string& ind) {
    out += ind + names::write_function(ensure(c), kModeName<Mode>) + "(w, " + v + ");\n";
  }
  template <int Mode>
  static std::string read(Context& c, std::string&, const std::string&, const std::string&) {
    return names::read_function(ensure(c), kModeName<Mode>) + "(r)";
  }

 private:
  template <class Fn>
  static void for_each(Fn&& fn) {
    kiln::detail::reflect::for_each_index<T>(fn);
  }

  template <int Mode>
  static void emit_write(Context& c, std::string& out, const std::string& id) {
    c.locals.clear();
    out += "function " + names::write_function(id, kModeName<Mode>) + "(w, v) {\n";
    out += "  if (typeof v !== 'object' || v === null) invalid('" + id + "', 'an object', v);\n";
    for_each_base([&](auto I) {
      std::string name = Js<B<I>>::ensure(c);
      Js<B<I>>::template write<Mode>(c, out, js_prop("v", name), name, js_string(id + "." + name),
                                     "  ");
    });
    for_each([&](auto I) {
      std::string name(kiln::detail::reflect::field_name<T, I>);
      std::string var = c.local(names::identifier(name));
      out += "  const " + var + " = " + js_prop("v", name) + ";\n";
      Js<F<I>>::template write<Mode>(c, out, var, var, js_string(id + "." + name), "  ");
    });
    out += "}\n\n";
  }

  template <int Mode>
  static void emit_read(Context& c, std::string& out, const std::string& id) {
    using M = ModeOf<Mode>;
    c.locals.clear();
    out += "function " + names::read_function(id, kModeName<Mode>) + "(r) {\n";
    // Same checks as the C++ reader: one bounds check for fixed-size structs, else a depth guard.
    if constexpr (Serializer<T>::template exact<M>)
      out += "  r.need(" + std::to_string(Serializer<T>::template max_bytes<M>) + ", 'struct');\n";
    else
      out += "  r.enter('struct');\n";
    std::string literal = "{ ";
    bool first = true;
    // The local holding a field is declared after the locals its read made.
    auto add = [&](const std::string& name, const std::string& x) {
      std::string var = c.local(names::identifier(name));
      out += "  const " + var + " = " + x + ";\n";
      literal += (first ? "" : ", ") + js_string(name) + ": " + var;
      first = false;
    };
    for_each_base([&](auto I) {
      std::string name = Js<B<I>>::ensure(c);
      add(name, Js<B<I>>::template read<Mode>(c, out, name, "  "));
    });
    for_each([&](auto I) {
      std::string name(kiln::detail::reflect::field_name<T, I>);
      add(name, Js<F<I>>::template read<Mode>(c, out, names::identifier(name), "  "));
    });
    if constexpr (!Serializer<T>::template exact<M>) out += "  r.leave();\n";
    out += "  return " + literal + " };\n}\n\n";
  }
};

}  // namespace kiln::jsgen
