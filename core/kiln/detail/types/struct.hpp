// Structs: aggregates (through Boost.PFR, no boilerplate) and classes listing their fields with
// KILN_FIELDS. Schema-consistent mode writes the fields in order with no tags; the schema
// fingerprint in the message header covers the struct's wire name, field names, types and order.
#pragma once

#include "kiln/base/inline.hpp"
#include "kiln/detail/evolve/struct_reader.hpp"
#include "kiln/detail/reflect/fields.hpp"
#include "kiln/detail/reflect/type_name.hpp"
#include "kiln/detail/reflect/wire_name.hpp"
#include "kiln/detail/ser/adapter.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/storage.hpp"
#include "kiln/detail/ser/supported.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln {

namespace detail {
// A class that inherits a KILN_FIELDS listing without listing its own fields would be written as
// its base: refuse to compile instead of slicing silently.
template <class T>
constexpr bool owns_listing() {
  if constexpr (detail::reflect::ListedFields<T>)
    return std::is_same_v<decltype(detail::reflect::access::listing_owner<T>()), T*>;
  else
    return true;
}
// A kiln_name reached through a base class would give the derived class its base's name, and so
// its base's messages: each class that declares one through a base must declare its own.
template <class T, class B>
constexpr bool name_not_inherited_from() {
  if constexpr (detail::reflect::DeclaresWireName<B>)
    return detail::reflect::wire_name_of<T>() != detail::reflect::wire_name_of<B>();
  else
    return true;
}
template <class T, class Bases>
struct OwnsWireName;
template <class T, class... B>
struct OwnsWireName<T, std::tuple<B...>> {
  static constexpr bool value = (name_not_inherited_from<T, B>() && ...);
};
template <class T>
constexpr bool owns_wire_name() {
  if constexpr (detail::reflect::DeclaresWireName<T>)
    return OwnsWireName<T, detail::reflect::bases_of<T>>::value;
  else
    return true;
}
}  // namespace detail

// An adapter (kiln/adapter.hpp) takes precedence over reflection.
template <class T>
struct Serializer<T,
                  std::enable_if_t<detail::reflect::Reflectable<T> &&
                                   !detail::has_library_serializer<T> && !detail::has_adapter<T>>> {
  static_assert(detail::owns_listing<T>(),
                "this class inherits its base's KILN_FIELDS: list its own fields with "
                "KILN_FIELDS_WITH_BASES(Type, (Base), fields...)");
  static_assert(detail::owns_wire_name<T>(),
                "this class has its base's kiln_name, so its base's fingerprint: declare its own "
                "static constexpr std::string_view kiln_name");
  static_assert(detail::fields_supported<T>(),
                "kiln: a field of this struct cannot be serialized: see the error above");
  template <std::size_t I>
  using FS = Serializer<detail::reflect::field_type<T, I>>;
  static constexpr std::size_t N = detail::reflect::field_count<T>;
  using Bases = detail::reflect::bases_of<T>;
  static constexpr std::size_t NB = std::tuple_size_v<Bases>;
  template <std::size_t I>
  using BS = Serializer<std::tuple_element_t<I, Bases>>;
  using reflected_struct = void;  // compatible mode describes structs written by this serializer

  // Calls f(Serializer<Base>, base index) for each base, in order.
  template <class F>
  KILN_INLINE static constexpr void for_each_base(F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) KILN_INLINE {
      (f(BS<I>{}, std::integral_constant<std::size_t, I>{}), ...);
    }
    (std::make_index_sequence<NB>{});
  }
  template <class F>
  KILN_INLINE static constexpr bool all_bases(F&& f) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) KILN_INLINE {
      return (f(BS<I>{}, std::integral_constant<std::size_t, I>{}) && ...);
    }
    (std::make_index_sequence<NB>{});
  }
  template <std::size_t I, class V>
  static constexpr auto& base(V& v) {
    using B = std::tuple_element_t<I, Bases>;
    if constexpr (std::is_const_v<V>)
      return static_cast<const B&>(v);
    else
      return static_cast<B&>(v);
  }

  template <class F, class G>
  static constexpr std::size_t sum(F f, G g) {
    std::size_t n = 0;
    for_each_base([&](auto S, auto) { n = detail::add_bytes(n, g(S)); });
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((n = detail::add_bytes(n, f(std::integral_constant<std::size_t, I>{}))), ...);
    }
    (std::make_index_sequence<N>{});
    return n;
  }

  static constexpr std::size_t min_bytes =
      sum([](auto I) { return FS<I>::min_bytes; }, [](auto S) { return decltype(S)::min_bytes; });
  // The storage measure of the allocation budget (docs/FORMAT.md 6.5): bases and fields.
  static constexpr std::size_t storage = [] {
    std::size_t n = 0;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((n = detail::add_bytes(n, detail::storage_of<std::tuple_element_t<I, Bases>>)), ...);
    }
    (std::make_index_sequence<NB>{});
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((n = detail::add_bytes(n, detail::storage_of<detail::reflect::field_type<T, I>>)), ...);
    }
    (std::make_index_sequence<N>{});
    return n;
  }();
  template <class M>
  static constexpr std::size_t max_bytes = sum([](auto I) { return FS<I>::template max_bytes<M>; },
                                               [](auto S) {
                                                 return decltype(S)::template max_bytes<M>;
                                               });
  template <class M>
  static constexpr bool exact = !M::compatible && [] {
    bool bases = true;
    for_each_base([&](auto S, auto) { bases = bases && decltype(S)::template exact<M>; });
    return bases&& [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (true && ... && FS<I>::template exact<M>);
    }
    (std::make_index_sequence<N>{});
  }();

  static constexpr void fingerprint(detail::Hasher& h) {
    if (std::size_t up = h.find_active(detail::reflect::type_name<T>)) {  // recursive type
      h.add("rec");
      h.add_number(up);
      return;
    }
    bool pushed = h.push_active(detail::reflect::type_name<T>);
    if constexpr (NB != 0) {
      h.add("bases(");
      for_each_base([&](auto S, auto) { decltype(S)::fingerprint(h); });
      h.add(")");
    }
    h.add("struct{");
    h.add(detail::reflect::wire_name<T>);
    h.add_number(N);
    detail::reflect::for_each_index<T>([&](auto I) {
      h.add(detail::reflect::field_name<T, I>);
      FS<I>::fingerprint(h);
    });
    h.add("}");
    if (pushed) h.pop_active();
  }

  template <class M>
  KILN_INLINE static void write_raw(std::uint8_t*& p, const T& v) {
    for_each_base([&](auto S, auto I)
                      KILN_INLINE { decltype(S)::template write_raw<M>(p, base<I>(v)); });
    detail::reflect::for_each_index<T>([&](auto I) KILN_INLINE {
      FS<I>::template write_raw<M>(p, detail::reflect::get_field<I>(v));
    });
  }
  template <class M>
  static void write(detail::io::Writer& w, const T& v) {
    if constexpr (max_bytes<M> != kUnbounded)
      detail::write_bounded<T, M>(w, v);
    else {
      for_each_base([&](auto S, auto I)
                        KILN_INLINE { decltype(S)::template write<M>(w, base<I>(v)); });
      detail::reflect::for_each_index<T>([&](auto I) KILN_INLINE {
        FS<I>::template write<M>(w, detail::reflect::get_field<I>(v));
      });
    }
  }

  // Forced inline like read_checked, so that a root struct's cursor stays a local.
  template <class M>
  KILN_INLINE static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end, const T& v) {
    const bool ok = all_bases([&](auto, auto I) KILN_INLINE {
                      p = detail::write_into<M>(p, end, base<I>(v));
                      return p != nullptr;
                    }) &&
                    detail::reflect::all_indices<T>([&](auto I) KILN_INLINE {
                      p = detail::write_into<M>(p, end, detail::reflect::get_field<I>(v));
                      return p != nullptr;
                    });
    return ok ? p : nullptr;
  }

  template <class M>
  KILN_INLINE static void read_raw(const std::uint8_t*& p, T& v) {
    for_each_base([&](auto S, auto I)
                      KILN_INLINE { decltype(S)::template read_raw<M>(p, base<I>(v)); });
    detail::reflect::for_each_index<T>([&](auto I) KILN_INLINE {
      FS<I>::template read_raw<M>(p, detail::reflect::get_field<I>(v));
    });
  }
  template <class M>
  static bool read(detail::Reader& r, T& v) {
    if constexpr (M::compatible) {
      return detail::evolve::read_struct<T, M>(r, v);
    } else if constexpr (exact<M>) {
      return detail::read_exact<T, M>(r, v, "struct");
    } else {
      // Only structs can make a type recursive (through a container), so depth is counted here.
      if (!r.enter("struct")) return false;
      bool ok = all_bases([&](auto S, auto I) KILN_INLINE {
                  return decltype(S)::template read<M>(r, base<I>(v));
                }) &&
                detail::reflect::all_indices<T>([&](auto I) KILN_INLINE {
                  return FS<I>::template read<M>(r, detail::reflect::get_field<I>(v));
                });
      r.leave();
      return ok;
    }
  }

  // An upper bound on the depth read() counts: it counts each nested struct that is not exact;
  // this counts every one.
  static constexpr std::uint32_t checked_depth = [] {
    std::uint32_t d = 0;
    auto deeper = [&d]<class S>(S) {
      if constexpr (requires { S::checked_depth; }) d = S::checked_depth > d ? S::checked_depth : d;
    };
    for_each_base([&](auto S, auto) { deeper(S); });
    detail::reflect::for_each_index<T>([&](auto I) { deeper(FS<I>{}); });
    return d + 1;
  }();
  template <class M>
  static constexpr bool kFieldsChecked = [] {
    bool ok = !M::compatible;
    for_each_base([&](auto, auto I) {
      ok = ok && detail::CheckedRead<std::tuple_element_t<decltype(I)::value, Bases>, M>;
    });
    detail::reflect::for_each_index<T>(
        [&](auto I) { ok = ok && detail::CheckedRead<detail::reflect::field_type<T, I>, M>; });
    return ok;
  }();
  template <class M>
  requires kFieldsChecked<M> KILN_INLINE static bool read_checked(const std::uint8_t*& p,
                                                                  const std::uint8_t* end, T& v) {
    if constexpr (exact<M>) {
      return detail::read_exact_checked<T, M>(p, end, v);
    } else {
      return all_bases([&](auto S, auto I) KILN_INLINE {
               return decltype(S)::template read_checked<M>(p, end, base<I>(v));
             }) &&
             detail::reflect::all_indices<T>([&](auto I) KILN_INLINE {
               return FS<I>::template read_checked<M>(p, end, detail::reflect::get_field<I>(v));
             });
    }
  }
};

}  // namespace kiln
