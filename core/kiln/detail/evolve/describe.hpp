// The compile-time type table of a root type T for compatible mode: the structs reachable from T
// (names, fields, field ids and type descriptors) and T's own descriptor, as the bytes the writer
// copies after the header (docs/FORMAT.md section 10.2). Computed by the compiler; a message only
// memcpy's it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <tuple>

#include "kiln/detail/evolve/type_code.hpp"
#include "kiln/detail/reflect/fields.hpp"
#include "kiln/detail/reflect/type_name.hpp"
#include "kiln/detail/reflect/wire_name.hpp"
#include "kiln/detail/ser/adapter.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/traits.hpp"
#include "kiln/detail/value/value.hpp"

namespace kiln::detail::evolve {

// One object per C++ type; its address identifies the type at run time.
template <class T>
inline constexpr char type_tag = 0;

struct Builder;
using FieldsFn = void (*)(Builder&);

// Writes (or, with out == nullptr, only counts) table bytes, and numbers the struct types in the
// order they are first met. Types are told apart by compile-time names, as in Hasher.
struct Builder {
  static constexpr std::size_t kMaxTypes = 128;
  struct Entry {
    std::string_view key;  // full C++ type name
    FieldsFn fields = nullptr;
    const void* tag = nullptr;
  };

  std::uint8_t* out = nullptr;
  std::size_t size = 0;
  bool ok = true;     // false if some type has no compatible-mode description
  bool poly = false;  // some pointer is polymorphic: the body may extend the table (10.5)
  Entry types[kMaxTypes] = {};
  std::size_t type_count = 0;

  constexpr void byte(std::uint8_t b) {
    if (out) out[size] = b;
    ++size;
  }
  constexpr void varint(std::uint64_t v) {
    while (v >= 0x80) {
      byte(static_cast<std::uint8_t>(v | 0x80));
      v >>= 7;
    }
    byte(static_cast<std::uint8_t>(v));
  }
  constexpr void str(std::string_view s) {
    varint(s.size());
    for (char c : s) byte(static_cast<std::uint8_t>(c));
  }
  // A base class's field name: the marker, then the base's wire name.
  constexpr void base_name(std::string_view s) {
    varint(s.size() + 1);
    byte(static_cast<std::uint8_t>(kBaseMarker));
    for (char c : s) byte(static_cast<std::uint8_t>(c));
  }
  constexpr std::size_t ref(std::string_view key, FieldsFn fields, const void* tag) {
    for (std::size_t i = 0; i < type_count; ++i)
      if (types[i].key == key) return i;
    if (type_count == kMaxTypes) {
      ok = false;
      return 0;
    }
    types[type_count] = Entry{key, fields, tag};
    return type_count++;
  }
};

template <class T, class Enable = void>
struct Describe {
  // No description: the type cannot travel in compatible mode.
  static constexpr void type(Builder& b) { b.ok = false; }
};

template <class T>
constexpr void describe(Builder& b) {
  Describe<T>::type(b);
}

namespace detail {

template <class T>
constexpr std::uint8_t number_code() {
  using kiln::detail::is_instance_v;
  if constexpr (std::is_same_v<T, bool>)
    return kBool;
  else if constexpr (std::is_same_v<T, char> || std::is_same_v<T, char8_t>)
    return kC8;
  else if constexpr (std::is_same_v<T, char16_t>)
    return kC16;
  else if constexpr (std::is_same_v<T, char32_t> || std::is_same_v<T, wchar_t>)
    return kC32;
  else if constexpr (std::is_floating_point_v<T>)
    return sizeof(T) == 4 ? kF32 : kF64;
  else if constexpr (std::is_signed_v<T>)
    return sizeof(T) == 1 ? kI8 : sizeof(T) == 2 ? kI16 : sizeof(T) == 4 ? kI32 : kI64;
  else
    return sizeof(T) == 1 ? kU8 : sizeof(T) == 2 ? kU16 : sizeof(T) == 4 ? kU32 : kU64;
}

// The explicit id declared for field `name` of S, or 0.
template <class S>
constexpr std::uint32_t explicit_id(std::string_view name) {
  if constexpr (requires { S::kiln_field_ids; }) {
    for (const FieldId& f : S::kiln_field_ids)
      if (f.name == name) return f.id;
  } else if constexpr (requires { FieldIds<S>::ids; }) {
    for (const FieldId& f : FieldIds<S>::ids)
      if (f.name == name) return f.id;
  }
  return 0;
}

// Each field's id: the declared one, else the name's.
template <class S>
inline constexpr auto field_ids = [] {
  std::array<std::uint32_t, reflect::field_count<S>> a{};
  reflect::for_each_index<S>([&](auto I) {
    std::uint32_t e = explicit_id<S>(reflect::field_name<S, I>);
    a[I] = e ? e : field_id_of(reflect::field_name<S, I>);
  });
  return a;
}();

// Every declared id names a field and is non-zero; ids are unique within the struct.
template <class S>
constexpr bool field_ids_valid() {
  auto check = [](const auto& ids) {
    for (const FieldId& f : ids) {
      if (f.id == 0) return false;
      bool found = false;
      reflect::for_each_index<S>(
          [&](auto I) { found = found || reflect::field_name<S, I> == f.name; });
      if (!found) return false;
    }
    return true;
  };
  if constexpr (requires { S::kiln_field_ids; }) {
    if (!check(S::kiln_field_ids)) return false;
  } else if constexpr (requires { FieldIds<S>::ids; }) {
    if (!check(FieldIds<S>::ids)) return false;
  }
  constexpr std::size_t n = reflect::field_count<S>;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (field_ids<S>[i] == field_ids<S>[j]) return false;
  return true;
}

}  // namespace detail

template <class T>
struct Describe<T, std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, long double>>> {
  static constexpr void type(Builder& b) { b.byte(detail::number_code<T>()); }
};
// An enum travels as its underlying integer.
template <class T>
struct Describe<T, std::enable_if_t<std::is_enum_v<T> && !kiln::detail::has_adapter<T>>> {
  static constexpr void type(Builder& b) { describe<std::underlying_type_t<T>>(b); }
};
template <class T>
struct Describe<T, std::enable_if_t<kiln::detail::is_string<T>>> {
  static constexpr void type(Builder& b) { b.byte(kStr); }
};
template <class T>
struct Describe<T, std::enable_if_t<kiln::detail::is_sequence<T>>> {
  static constexpr void type(Builder& b) {
    b.byte(kSeq);
    describe<typename T::value_type>(b);
  }
};
// A byte span is the wire form of the vector it views.
template <class T>
struct Describe<T, std::enable_if_t<kiln::detail::is_byte_span<T>>>
    : Describe<std::vector<std::remove_const_t<typename T::element_type>>> {};
template <class T>
struct Describe<T, std::enable_if_t<kiln::detail::is_set<T>>> {
  static constexpr void type(Builder& b) {
    b.byte(kSet);
    describe<typename T::value_type>(b);
  }
};
template <class T>
struct Describe<T, std::enable_if_t<kiln::detail::is_map<T>>> {
  static constexpr void type(Builder& b) {
    b.byte(kMap);
    describe<typename T::key_type>(b);
    describe<typename T::mapped_type>(b);
  }
};
template <class E>
struct Describe<std::optional<E>> {
  static constexpr void type(Builder& b) {
    b.byte(kOpt);
    describe<E>(b);
  }
};
template <class E, std::size_t N>
struct Describe<std::array<E, N>> {
  static constexpr void type(Builder& b) {
    b.byte(kArr);
    b.varint(N);
    describe<E>(b);
  }
};
template <class... E>
struct Describe<std::tuple<E...>> {
  static constexpr void type(Builder& b) {
    b.byte(kTup);
    b.varint(sizeof...(E));
    (describe<E>(b), ...);
  }
};
template <class A, class B>
struct Describe<std::pair<A, B>> : Describe<std::tuple<A, B>> {};
template <class... A>
struct Describe<std::variant<A...>> {
  static constexpr void type(Builder& b) {
    b.byte(kVar);
    b.varint(sizeof...(A));
    (describe<A>(b), ...);
  }
};

// A generic value is self-describing: a reader without the field decodes it to skip it.
template <>
struct Describe<Value> {
  static constexpr void type(Builder& b) { b.byte(kValue); }
};

// A struct type's index in the table (added if new), or no description (ok = false).
template <class S>
constexpr std::size_t describe_struct(Builder& b) {
  if constexpr (requires(Builder & x) { Describe<S>::index(x); }) {
    return Describe<S>::index(b);
  } else {
    b.ok = false;
    return 0;
  }
}

// Pointers: the pointee is described. A polymorphic pointee is its base struct, `1C` and its
// index: each object's type is chosen at run time, and the body names it (docs/FORMAT.md 10.5).
template <class E, TypeCode C>
struct DescribePointer {
  static constexpr void type(Builder& b) {
    b.byte(C);
    if constexpr (std::is_polymorphic_v<E>) {
      b.byte(kPoly);
      b.poly = true;
      b.varint(describe_struct<E>(b));
    } else {
      describe<E>(b);
    }
  }
};
template <class E>
struct Describe<std::unique_ptr<E>> : DescribePointer<E, kUptr> {};
template <class E>
struct Describe<std::shared_ptr<E>> : DescribePointer<E, kSptr> {};
template <class E>
struct Describe<std::weak_ptr<E>> : DescribePointer<E, kWptr> {};

// Only structs that the library's struct serializer writes: a hand-written Serializer<S> has its
// own encoding, which no descriptor can tell a reader how to skip.
template <class S>
    struct Describe < S,
    std::enable_if_t < reflect::Reflectable<S> && !kiln::detail::has_library_serializer<S> &&
        !kiln::detail::has_adapter<S> && requires {
  typename Serializer<S>::reflected_struct;
} >> {
  static_assert(detail::field_ids_valid<S>(),
                "kiln: a declared field id is 0, names no field, or two fields share an id");
  using Bases = reflect::bases_of<S>;
  static constexpr std::size_t kBases = std::tuple_size_v<Bases>;

  static constexpr std::size_t index(Builder & b) {
    return b.ref(reflect::type_name<S>, &fields, &type_tag<S>);
  }
  static constexpr void type(Builder & b) {
    b.byte(kStruct);
    b.varint(index(b));
  }
  // The struct's entry in the table: name, field count, then per field name, id code, type. A
  // class with bases (KILN_FIELDS_WITH_BASES) lists each base first, as a field named ^ and the
  // base's wire name whose type is the base, so its body, the bases' fields and then its own,
  // reads as those fields (docs/FORMAT.md 10.2).
  static constexpr void fields(Builder & b) {
    b.str(
        reflect::wire_name<S>);  // as in the fingerprint: a renamed type's table is the original's
    b.varint(kBases + reflect::field_count<S>);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((b.base_name(reflect::wire_name<std::tuple_element_t<I, Bases>>), b.varint(0),
        describe<std::tuple_element_t<I, Bases>>(b)),
       ...);
    }
    (std::make_index_sequence<kBases>{});
    reflect::for_each_index<S>([&](auto I) {
      b.str(reflect::field_name<S, I>);
      b.varint(detail::explicit_id<S>(reflect::field_name<S, I>));  // 0: the id is the name's
      describe<reflect::field_type<S, I>>(b);
    });
  }
};

// A type with a kiln::Adapter travels as its wire type, and is described as that.
template <class T>
struct Describe<
    T, std::enable_if_t<kiln::detail::has_adapter<T> && !kiln::detail::serialized_by_kiln<T>>> {
  static constexpr void type(Builder& b) { describe<kiln::detail::wire_type_t<T>>(b); }
};

// The table for root type T: `bytes` (what follows the header), `ok` (false if some type has no
// description), and `tags[i]`, the C++ type of the table's i-th struct.
template <class T>
struct Schema {
 private:
  // Numbers the structs (root descriptor first, then each entry, which may add more) and counts
  // the bytes of the entries and the root descriptor.
  static constexpr Builder discover() {
    Builder b;
    describe<T>(b);
    for (std::size_t i = 0; i < b.type_count; ++i) b.types[i].fields(b);
    b.varint(b.type_count);
    return b;
  }
  static constexpr Builder kFound = discover();

 public:
  // A generic value at the root describes itself already: a table would add nothing, and JS's
  // schema-free reader takes no compatible-mode message (docs/FORMAT.md 10.5).
  static constexpr bool ok = kFound.ok && !std::is_same_v<T, Value>;
  static constexpr bool poly = kFound.poly;
  static constexpr std::size_t size = kFound.size;
  // The table's structs, for a writer whose body extends it (polymorphic pointers, 10.5).
  static constexpr Builder seed() {
    Builder b = kFound;
    b.size = 0;
    return b;
  }
  static constexpr std::size_t type_count = kFound.type_count;
  static constexpr std::array<std::uint8_t, size> bytes = [] {
    std::array<std::uint8_t, size> a{};
    Builder b = kFound;
    b.out = a.data();
    b.size = 0;
    b.varint(b.type_count);
    for (std::size_t i = 0; i < b.type_count; ++i) b.types[i].fields(b);
    describe<T>(b);
    return a;
  }();
  static constexpr std::array<const void*, type_count> tags = [] {
    std::array<const void*, type_count> a{};
    for (std::size_t i = 0; i < type_count; ++i) a[i] = kFound.types[i].tag;
    return a;
  }();
};

// A derived type of a polymorphic pointer (registry.hpp), at its first object in a
// compatible-mode message: its index in the table `b` holds so far, added if new (ok = false
// when it has no description).
template <class T>
std::size_t describe_derived(Builder& b) {
  return describe_struct<T>(b);
}

}  // namespace kiln::detail::evolve
