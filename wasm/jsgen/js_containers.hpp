// JS for sequences, arrays, sets, maps, optional, variant and tuples (see js_types.hpp).
#pragma once

#include "js_adapted.hpp"
#include "js_types.hpp"

namespace kiln::jsgen {
namespace detail {

// Typed-array class for sequences of numbers (not bool), adapted ones included, or "" for plain
// arrays.
template <class E>
std::string typed_array_of() {
  using W = js_wire_t<E>;
  if constexpr (is_number_like<W> && !std::is_same_v<W, bool>) {
    const char* t = number_js(number_token_of<W>()).typed_array;
    return t ? t : "";
  } else {
    return "";
  }
}

template <class E>
std::string array_ts(Context& c, bool input) {
  std::string ta = typed_array_of<E>();
  std::string arr = Js<E>::ts(c, input);
  arr = (arr.find(' ') != std::string::npos ? "(" + arr + ")" : arr) + "[]";
  if (ta.empty()) return arr;
  return input ? ta + " | " + arr : ta;
}

// Writes n elements of `v` (an array or typed array) of the container called `name`: bulk copy
// when the typed array's memory is the wire layout, else one checked element at a time.
template <class E, int Mode>
void write_elements(Context& c, std::string& out, const std::string& v, const std::string& name,
                    const std::string& path, const std::string& ind) {
  std::string ta = typed_array_of<E>();
  std::string i = c.local(name + "_i"), e = c.local(name + "_item");
  std::string loop = ind + "for (let " + i + " = 0; " + i + " < " + v + ".length; " + i +
                     "++) {\n" + ind + "  const " + e + " = " + v + "[" + i + "];\n";
  std::string body;
  Js<E>::template write<Mode>(c, body, e, e, path + " + '[' + " + i + " + ']'", ind + "  ");
  loop += body + ind + "}\n";
  if (!ta.empty() && kiln::detail::bulk_copyable<js_wire_t<E>, ModeOf<Mode>>) {
    out += ind + "if (" + v + " instanceof " + ta + ") w.bytes(new Uint8Array(" + v + ".buffer, " +
           v + ".byteOffset, " + v + ".byteLength));\n" + ind + "else {\n" + loop + ind + "}\n";
  } else {
    out += loop;
  }
}

template <class E>
std::string expected_array(std::size_t fixed_length = 0) {
  std::string ta = typed_array_of<E>();
  std::string s = ta.empty() ? "an array" : "an array or " + ta;
  if (fixed_length) s += " of length " + std::to_string(fixed_length);
  return s;
}

// Reads n elements of the container called `name` into a new array or typed array and returns
// the array's local.
template <class E, int Mode>
std::string read_elements(Context& c, std::string& out, const std::string& n,
                          const std::string& name, const std::string& ind) {
  std::string ta = typed_array_of<E>();
  std::string a = c.local(name + "_items");
  if (!ta.empty() && kiln::detail::bulk_copyable<js_wire_t<E>, ModeOf<Mode>>) {
    // A copy, or a view into the input with the codec's typedArrays: 'view' (reader.mjs).
    out += ind + "const " + a + " = r.typedArray(" + ta + ", " + n + ", " +
           std::to_string(sizeof(js_wire_t<E>)) + ");\n";
    return a;
  }
  std::string i = c.local(name + "_i");
  out += ind + "const " + a + " = " + (ta.empty() ? "[]" : "new " + ta + "(" + n + ")") + ";\n";
  out += ind + "for (let " + i + " = 0; " + i + " < " + n + "; " + i + "++) {\n";
  std::string body;
  std::string x = Js<E>::template read<Mode>(c, body, name + "_item", ind + "  ");
  // A BigInt64Array's elements are BigInts whatever the codec's int64 option (in fixed mode they
  // are copied in one go, above).
  if (Mode == 1 && ta == "BigInt64Array") x = "r.zigzagBig('i64')";
  if (Mode == 1 && ta == "BigUint64Array") x = "r.varint64('u64')";
  out +=
      body + ind + "  " + a + (ta.empty() ? ".push(" + x + ");\n" : "[" + i + "] = " + x + ";\n");
  out += ind + "}\n";
  return a;
}

// Sort order used by std::set / std::map for keys JS can order: numbers, BigInts, strings
// (UTF-8 byte order). "" when JS cannot reproduce the C++ order (the iteration order is kept).
// What decoding one element of container T charges against the allocation budget (FORMAT.md
// 6.5), as the C++ core charges it.
template <class T>
std::string alloc_bytes() {
  return std::to_string(kiln::detail::element_charge<T>);
}

template <class K>
std::string key_order() {
  if constexpr (kiln::detail::is_string<K>)
    return "'string'";
  else if constexpr (is_number_like<K>)
    return "'number'";
  else
    return "";
}

}  // namespace detail

// std::vector, std::list, std::deque: JS arrays; sequences of numbers are typed arrays.
template <class T>
struct Js<T, std::enable_if_t<kiln::detail::is_sequence<T>>> {
  using E = typename T::value_type;
  static std::string ts(Context& c, bool input) { return detail::array_ts<E>(c, input); }
  // list and deque have vector's wire form.
  static std::string schema(Context& c) {
    return c.schema_ns + ".vector(" + Js<E>::schema(c) + ")";
  }
  static bool lacks_schema(std::set<std::string>& seen) { return Js<E>::lacks_schema(seen); }
  template <int Mode>
  static void write(Context& c, std::string& out, const std::string& v, const std::string& name,
                    const std::string& path, const std::string& ind) {
    std::string ta = detail::typed_array_of<E>();
    std::string cond =
        "!Array.isArray(" + v + ")" + (ta.empty() ? "" : " && !(" + v + " instanceof " + ta + ")");
    out += ind + "if (" + cond + ") invalid(" + path + ", '" + detail::expected_array<E>() + "', " +
           v + ");\n";
    out += ind + "w.varint(" + v + ".length);\n";
    detail::write_elements<E, Mode>(c, out, v, name, path, ind);
  }
  template <int Mode>
  static std::string read(Context& c, std::string& out, const std::string& name,
                          const std::string& ind) {
    std::string n = c.local(name + "_n");
    out += ind + "const " + n + " = r.length(" + std::to_string(Serializer<E>::min_bytes) +
           ", r.limits.maxCollectionLength, 'sequence length', " + detail::alloc_bytes<T>() +
           ");\n";
    return detail::read_elements<E, Mode>(c, out, n, name, ind);
  }
};

// std::span<const E> of bytes: std::vector<E>'s wire form, so its JS form too (a view in C++;
// in JS, the codec's typedArrays: 'view' makes the typed array a view).
template <class T>
struct Js<T, std::enable_if_t<kiln::detail::is_byte_span<T>>>
    : Js<std::vector<std::remove_const_t<typename T::element_type>>> {};

// std::array<E, N>: like a sequence of exactly N, no length on the wire.
template <class T>
struct Js<T, std::enable_if_t<kiln::detail::is_std_array<T>::value>> {
  using E = typename T::value_type;
  static constexpr std::size_t N = std::tuple_size_v<T>;
  static std::string ts(Context& c, bool input) { return detail::array_ts<E>(c, input); }
  static std::string schema(Context& c) {
    return c.schema_ns + ".array(" + Js<E>::schema(c) + ", " + std::to_string(N) + ")";
  }
  static bool lacks_schema(std::set<std::string>& seen) { return Js<E>::lacks_schema(seen); }
  template <int Mode>
  static void write(Context& c, std::string& out, const std::string& v, const std::string& name,
                    const std::string& path, const std::string& ind) {
    std::string ta = detail::typed_array_of<E>();
    std::string cond =
        "!Array.isArray(" + v + ")" + (ta.empty() ? "" : " && !(" + v + " instanceof " + ta + ")");
    out += ind + "if ((" + cond + ") || " + v + ".length !== " + std::to_string(N) + ") invalid(" +
           path + ", '" + detail::expected_array<E>(N) + "', " + v + ");\n";
    detail::write_elements<E, Mode>(c, out, v, name, path, ind);
  }
  template <int Mode>
  static std::string read(Context& c, std::string& out, const std::string& name,
                          const std::string& ind) {
    if constexpr (Serializer<T>::template exact<ModeOf<Mode>>)
      out += ind + "r.need(" + std::to_string(Serializer<T>::template max_bytes<ModeOf<Mode>>) +
             ", 'array');\n";
    return detail::read_elements<E, Mode>(c, out, std::to_string(N), name, ind);
  }
};

// std::set, std::unordered_set: JS Set. Ordered sets of numbers or strings are written in C++
// order; a repeated element is an error on read.
template <class T>
struct Js<T, std::enable_if_t<kiln::detail::is_set<T>>> {
  using E = typename T::value_type;
  static constexpr bool kOrdered = kiln::detail::is_instance_v<T, std::set>;
  static std::string ts(Context& c, bool input) { return "Set<" + Js<E>::ts(c, input) + ">"; }
  // unordered_set has set's wire form.
  static std::string schema(Context& c) { return c.schema_ns + ".set(" + Js<E>::schema(c) + ")"; }
  static bool lacks_schema(std::set<std::string>& seen) { return Js<E>::lacks_schema(seen); }
  template <int Mode>
  static void write(Context& c, std::string& out, const std::string& v, const std::string& name,
                    const std::string& path, const std::string& ind) {
    out += ind + "if (!(" + v + " instanceof Set)) invalid(" + path + ", 'a Set', " + v + ");\n";
    std::string items = c.local(name + "_items");
    std::string order = kOrdered ? detail::key_order<E>() : "";
    out += ind + "const " + items + " = " +
           (order.empty() ? "[..." + v + "]" : "orderedKeys([..." + v + "])") + ";\n";
    out += ind + "w.varint(" + items + ".length);\n";
    detail::write_elements<E, Mode>(c, out, items, name, path, ind);
  }
  template <int Mode>
  static std::string read(Context& c, std::string& out, const std::string& name,
                          const std::string& ind) {
    std::string n = c.local(name + "_n"), s = c.local(name + "_set"), i = c.local(name + "_i"),
                at = c.local(name + "_at");
    out += ind + "const " + n + " = r.length(" + std::to_string(Serializer<E>::min_bytes) +
           ", r.limits.maxCollectionLength, 'set length', " + detail::alloc_bytes<T>() + ");\n";
    out += ind + "const " + s + " = new Set();\n";
    out += ind + "for (let " + i + " = 0; " + i + " < " + n + "; " + i + "++) {\n";
    out += ind + "  const " + at + " = r.pos;\n";
    std::string body;
    std::string x = Js<E>::template read<Mode>(c, body, name + "_item", ind + "  ");
    std::string size = c.local(name + "_size");
    out += body + ind + "  const " + size + " = " + s + ".size;\n";
    out += ind + "  " + s + ".add(" + x + ");\n";
    out += ind + "  if (" + s + ".size === " + size + ") r.fail('DuplicateKey', 'set element ' + " +
           i + " + ' repeats an earlier element', " + at + ");\n";
    out += ind + "}\n";
    return s;
  }
};

// std::map, std::unordered_map. String keys: a plain object (a Map is accepted on input, and
// decoding gives a Map with the maps: 'map' option); other keys: a Map. Ordered maps with number or
// string keys are written in C++ order; a repeated key is an error on read.
template <class T>
struct Js<T, std::enable_if_t<kiln::detail::is_map<T>>> {
  using K = typename T::key_type;
  using V = typename T::mapped_type;
  static constexpr bool kOrdered = kiln::detail::is_instance_v<T, std::map>;
  static constexpr bool kStringKeys = kiln::detail::is_string<K>;
  // unordered_map has map's wire form.
  static std::string schema(Context& c) {
    std::string k = Js<K>::schema(c);
    return c.schema_ns + ".map(" + k + ", " + Js<V>::schema(c) + ")";
  }
  static bool lacks_schema(std::set<std::string>& seen) {
    return Js<K>::lacks_schema(seen) || Js<V>::lacks_schema(seen);
  }
  static std::string ts(Context& c, bool input) {
    std::string k = Js<K>::ts(c, input), v = Js<V>::ts(c, input);
    if (!kStringKeys) return "Map<" + k + ", " + v + ">";
    // (Not Record<>: a user type may be called Record.)
    std::string obj = "{ [key: string]: " + v + " }";
    return input ? obj + " | Map<string, " + v + ">" : obj;
  }
  template <int Mode>
  static void write(Context& c, std::string& out, const std::string& v, const std::string& name,
                    const std::string& path, const std::string& ind) {
    std::string ks = c.local(name + "_keys");
    bool sorted = kOrdered && !detail::key_order<K>().empty();
    auto keys = [&](const std::string& list) {
      return sorted ? "orderedKeys(" + list + ")" : list;
    };
    // One loop for a Map and one for a plain object, so neither tests the kind per entry.
    auto entries = [&](const std::string& get, const std::string& loop_ind) {
      std::string k = c.local(name + "_key"), x = c.local(name + "_value"),
                  i = c.local(name + "_i");
      std::string s = loop_ind + "w.varint(" + ks + ".length);\n";
      s += loop_ind + "for (let " + i + " = 0; " + i + " < " + ks + ".length; " + i + "++) {\n";
      s += loop_ind + "  const " + k + " = " + ks + "[" + i + "];\n";
      Js<K>::template write<Mode>(c, s, k, k, path + " + '{key ' + " + i + " + '}'",
                                  loop_ind + "  ");
      s += loop_ind + "  const " + x + " = " + detail::subst(get, k) + ";\n";
      Js<V>::template write<Mode>(
          c, s, x, x, path + " + '[' + JSON.stringify(String(" + k + ")) + ']'", loop_ind + "  ");
      s += loop_ind + "}\n";
      return s;
    };
    Blocks blocks(c);
    out += ind + "if (" + v + " instanceof Map) {\n";
    out += ind + "  const " + ks + " = " + keys("[..." + v + ".keys()]") + ";\n";
    out += entries(v + ".get($)", ind + "  ");
    if (kStringKeys) {
      blocks.next();
      out += ind + "} else if (typeof " + v + " === 'object' && " + v +
             " !== null && !Array.isArray(" + v + ")) {\n";
      out += ind + "  const " + ks + " = " + keys("Object.keys(" + v + ")") + ";\n";
      out += entries(v + "[$]", ind + "  ");
      out +=
          ind + "} else {\n" + ind + "  invalid(" + path + ", 'an object or a Map', " + v + ");\n";
    } else {
      out += ind + "} else {\n" + ind + "  invalid(" + path + ", 'a Map', " + v + ");\n";
    }
    out += ind + "}\n";
    blocks.end();
  }
  template <int Mode>
  static std::string read(Context& c, std::string& out, const std::string& name,
                          const std::string& ind) {
    std::string n = c.local(name + "_n"), m = c.local(name + "_map");
    constexpr std::size_t kMinEntry = Serializer<K>::min_bytes + Serializer<V>::min_bytes;
    out += ind + "const " + n + " = r.length(" + std::to_string(kMinEntry) +
           ", r.limits.maxCollectionLength, 'map length', " + detail::alloc_bytes<T>() + ");\n";
    // One loop per kind (Map, or a plain object for string keys), so that neither tests the
    // kind per entry. The duplicate check comes before the value is read, as in C++.
    auto loop = [&](bool as_map, const std::string& loop_ind) {
      std::string i = c.local(name + "_i"), at = c.local(name + "_at"), k = c.local(name + "_key");
      std::string top = as_map ? std::string() : c.local(name + "_top");
      std::string s = as_map ? std::string() : loop_ind + "let " + top + " = '';\n";
      s += loop_ind + "for (let " + i + " = 0; " + i + " < " + n + "; " + i + "++) {\n";
      s += loop_ind + "  const " + at + " = r.pos;\n";
      std::string body;
      // String keys become property names: r.key() reuses recently decoded ones.
      std::string kx = kStringKeys
                           ? "r.key()"
                           : Js<K>::template read<Mode>(c, body, name + "_key", loop_ind + "  ");
      s += body + loop_ind + "  const " + k + " = " + kx + ";\n";
      // On an object: a key above every earlier one (JS string order; the first above '') is
      // new, and ordered maps arrive that way, so their lookups are skipped. Other keys are looked
      // up: most read undefined, and hasOwn settles the rest (an inherited name such as
      // 'constructor' reads a function but is not a duplicate).
      std::string dup =
          as_map ? m + ".has(" + k + ")"
                 : m + "[" + k + "] !== undefined && Object.hasOwn(" + m + ", " + k + ")";
      if (!as_map) {
        s += loop_ind + "  if (" + k + " > " + top + ") " + top + " = " + k + ";\n";
        s += loop_ind + "  else ";
      } else {
        s += loop_ind + "  ";
      }
      s += "if (" + dup + ") r.fail('DuplicateKey', 'map key ' + " + i +
           " + ' repeats an earlier key', " + at + ");\n";
      std::string vbody;
      std::string vx = Js<V>::template read<Mode>(c, vbody, name + "_value", loop_ind + "  ");
      s += vbody;
      if (as_map) {
        s += loop_ind + "  " + m + ".set(" + k + ", " + vx + ");\n";
      } else {
        // A plain object: '__proto__' is the one key whose assignment would set the prototype
        // (Object.prototype's accessor) instead of making an own property.
        std::string x = c.local(name + "_value");
        s += loop_ind + "  const " + x + " = " + vx + ";\n";
        s += loop_ind + "  if (" + k + " === '__proto__') Object.defineProperty(" + m + ", " + k +
             ", { value: " + x + ", writable: true, enumerable: true, configurable: true });\n";
        s += loop_ind + "  else " + m + "[" + k + "] = " + x + ";\n";
      }
      s += loop_ind + "}\n";
      return s;
    };
    if (!kStringKeys) {
      out += ind + "const " + m + " = new Map();\n";
      out += loop(true, ind);
      return m;
    }
    // Plain objects by default; Maps with the maps: 'map' option (r.mapsAsMap).
    out += ind + "let " + m + ";\n";
    Blocks blocks(c);
    out += ind + "if (r.mapsAsMap) {\n" + ind + "  " + m + " = new Map();\n";
    out += loop(true, ind + "  ");
    blocks.next();
    out += ind + "} else {\n" + ind + "  " + m + " = plainObject(" + n + ");\n";
    out += loop(false, ind + "  ");
    out += ind + "}\n";
    blocks.end();
    return m;
  }
};

// std::optional<E>: null when empty (undefined is accepted on input).
template <class E>
struct Js<std::optional<E>> {
  static std::string ts(Context& c, bool input) {
    return Js<E>::ts(c, input) + (input ? " | null | undefined" : " | null");
  }
  static std::string schema(Context& c) {
    return c.schema_ns + ".optional(" + Js<E>::schema(c) + ")";
  }
  static bool lacks_schema(std::set<std::string>& seen) { return Js<E>::lacks_schema(seen); }
  template <int Mode>
  static void write(Context& c, std::string& out, const std::string& v, const std::string& name,
                    const std::string& path, const std::string& ind) {
    out += ind + "if (" + v + " === null || " + v + " === undefined) w.u8(0);\n";
    out += ind + "else {\n" + ind + "  w.u8(1);\n";
    Js<E>::template write<Mode>(c, out, v, name, path, ind + "  ");
    out += ind + "}\n";
  }
  template <int Mode>
  static std::string read(Context& c, std::string& out, const std::string& name,
                          const std::string& ind) {
    std::string o = c.local(name + "_opt"), tag = c.local(name + "_tag");
    out += ind + "let " + o + " = null;\n";
    out += ind + "const " + tag + " = r.u8('optional tag');\n";
    out += ind + "if (" + tag + " > 1) r.fail('BadOptionalTag', 'optional tag is ' + " + tag +
           " + ', expected 0 or 1', r.pos - 1);\n";
    out += ind + "if (" + tag + " === 1) {\n";
    std::string body;
    std::string x = Js<E>::template read<Mode>(c, body, name, ind + "  ");
    out += body + ind + "  " + o + " = " + x + ";\n" + ind + "}\n";
    return o;
  }
};

// std::variant<A...>: { index, value }.
template <class... A>
struct Js<std::variant<A...>> {
  static std::string schema(Context& c) {
    std::string s = c.schema_ns + ".variant(";
    std::size_t i = 0;
    ((s += (i++ ? ", " : "") + Js<A>::schema(c)), ...);
    return s + ")";
  }
  static bool lacks_schema(std::set<std::string>& seen) {
    return (false || ... || Js<A>::lacks_schema(seen));
  }
  static std::string ts(Context& c, bool input) {
    std::string s;
    std::size_t i = 0;
    ((s += (i ? " | " : "") + std::string("{ index: ") + std::to_string(i) +
           "; value: " + Js<A>::ts(c, input) + " }",
      ++i),
     ...);
    return s;
  }
  template <int Mode>
  static void write(Context& c, std::string& out, const std::string& v, const std::string& name,
                    const std::string& path, const std::string& ind) {
    out += ind + "if (typeof " + v + " !== 'object' || " + v + " === null) invalid(" + path +
           ", 'an object { index, value }', " + v + ");\n";
    out += ind + "switch (" + v + ".index) {\n";
    std::size_t i = 0;
    Blocks blocks(c);
    auto alternative = [&]<class Alt>() {
      if (i) blocks.next();
      out += ind + "  case " + std::to_string(i) + ": {\n" + ind + "    w.varint(" +
             std::to_string(i) + ");\n";
      Js<Alt>::template write<Mode>(c, out, v + ".value", name + "_value", path + " + '.value'",
                                    ind + "    ");
      out += ind + "    break;\n" + ind + "  }\n";
      ++i;
    };
    (alternative.template operator()<A>(), ...);
    blocks.end();
    out += ind + "  default:\n" + ind + "    invalid(" + path +
           " + '.index', 'an alternative index below " + std::to_string(sizeof...(A)) + "', " + v +
           ".index);\n";
    out += ind + "}\n";
  }
  template <int Mode>
  static std::string read(Context& c, std::string& out, const std::string& name,
                          const std::string& ind) {
    std::string o = c.local(name + "_variant"), at = c.local(name + "_at"),
                idx = c.local(name + "_index");
    out += ind + "let " + o + ";\n";
    out += ind + "const " + at + " = r.pos;\n";
    out += ind + "const " + idx + " = r.varint32('variant index');\n";
    out += ind + "switch (" + idx + ") {\n";
    std::size_t i = 0;
    Blocks blocks(c);
    auto alternative = [&]<class Alt>() {
      if (i) blocks.next();
      out += ind + "  case " + std::to_string(i) + ": {\n";
      std::string body;
      std::string x = Js<Alt>::template read<Mode>(c, body, name + "_value", ind + "    ");
      out +=
          body + ind + "    " + o + " = { index: " + std::to_string(i) + ", value: " + x + " };\n";
      out += ind + "    break;\n" + ind + "  }\n";
      ++i;
    };
    (alternative.template operator()<A>(), ...);
    blocks.end();
    out += ind + "  default:\n" + ind + "    r.fail('BadVariantIndex', 'variant index ' + " + idx +
           " + ' but the variant has " + std::to_string(sizeof...(A)) + " alternatives', " + at +
           ");\n";
    out += ind + "}\n";
    return o;
  }
};

// std::pair, std::tuple: arrays of fixed length.
template <class T>
struct Js<T, std::enable_if_t<kiln::detail::is_tuple_like<T>>> {
  static constexpr std::size_t N = std::tuple_size_v<T>;
  template <std::size_t I>
  using E = std::tuple_element_t<I, T>;
  // std::pair is a tuple of two on the wire.
  static std::string schema(Context& c) {
    std::string s = c.schema_ns + ".tuple(";
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((s += (I ? ", " : "") + Js<E<I>>::schema(c)), ...);
    }
    (std::make_index_sequence<N>{});
    return s + ")";
  }
  static bool lacks_schema(std::set<std::string>& seen) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (false || ... || Js<E<I>>::lacks_schema(seen));
    }
    (std::make_index_sequence<N>{});
  }
  static std::string ts(Context& c, bool input) {
    std::string s = "[";
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((s += (I ? ", " : "") + Js<E<I>>::ts(c, input)), ...);
    }
    (std::make_index_sequence<N>{});
    return s + "]";
  }
  template <int Mode>
  static void write(Context& c, std::string& out, const std::string& v, const std::string& name,
                    const std::string& path, const std::string& ind) {
    out += ind + "if (!Array.isArray(" + v + ") || " + v + ".length !== " + std::to_string(N) +
           ") invalid(" + path + ", 'an array of length " + std::to_string(N) + "', " + v + ");\n";
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (Js<E<I>>::template write<Mode>(c, out, v + "[" + std::to_string(I) + "]",
                                      name + "_" + std::to_string(I),
                                      path + " + '[" + std::to_string(I) + "]'", ind),
       ...);
    }
    (std::make_index_sequence<N>{});
  }
  template <int Mode>
  static std::string read(Context& c, std::string& out, const std::string& name,
                          const std::string& ind) {
    if constexpr (Serializer<T>::template exact<ModeOf<Mode>>)
      out += ind + "r.need(" + std::to_string(Serializer<T>::template max_bytes<ModeOf<Mode>>) +
             ", 'tuple');\n";
    std::string s = "[";
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (
          [&] {
            std::string t = c.local(name + "_" + std::to_string(I));
            std::string x = Js<E<I>>::template read<Mode>(c, out, t, ind);
            out += ind + "const " + t + " = " + x + ";\n";
            s += (I ? ", " : "") + t;
          }(),
          ...);
    }
    (std::make_index_sequence<N>{});
    return s + "]";
  }
};

}  // namespace kiln::jsgen
