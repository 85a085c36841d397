// Structs: aggregates (through Boost.PFR, no boilerplate) and classes listing their fields with
// KILN_FIELDS. Schema-consistent mode writes the fields in order with no tags; the schema
// fingerprint in the message header covers field names, types and order.
#pragma once

#include "kiln/evolve/struct_reader.hpp"
#include "kiln/reflect/fields.hpp"
#include "kiln/reflect/type_name.hpp"
#include "kiln/ser/serializer.hpp"
#include "kiln/ser/traits.hpp"

namespace kiln {

template <class T>
struct Serializer<T,
                  std::enable_if_t<reflect::Reflectable<T> && !detail::has_library_serializer<T>>> {
  template <std::size_t I>
  using FS = Serializer<reflect::field_type<T, I>>;
  static constexpr std::size_t N = reflect::field_count<T>;
  using reflected_struct = void;  // compatible mode describes structs written by this serializer

  template <class F>
  static constexpr std::size_t sum(F f) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      std::size_t n = 0;
      ((n = add_bytes(n, f(std::integral_constant<std::size_t, I>{}))), ...);
      return n;
    }
    (std::make_index_sequence<N>{});
  }

  static constexpr std::size_t min_bytes = sum([](auto I) { return FS<I>::min_bytes; });
  template <class M>
  static constexpr std::size_t max_bytes = sum([](auto I) { return FS<I>::template max_bytes<M>; });
  template <class M>
  static constexpr bool exact = !M::compatible && [] {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (true && ... && FS<I>::template exact<M>);
    }
    (std::make_index_sequence<N>{});
  }();

  static constexpr void fingerprint(Hasher& h) {
    if (std::size_t up = h.find_active(reflect::type_name<T>)) {  // recursive type
      h.add("rec");
      h.add_number(up);
      return;
    }
    bool pushed = h.push_active(reflect::type_name<T>);
    h.add("struct{");
    h.add_number(N);
    reflect::for_each_index<T>([&](auto I) {
      h.add(reflect::field_name<T, I>);
      FS<I>::fingerprint(h);
    });
    h.add("}");
    if (pushed) h.pop_active();
  }

  template <class M>
  static void write_raw(std::uint8_t*& p, const T& v) {
    reflect::for_each_index<T>(
        [&](auto I) { FS<I>::template write_raw<M>(p, reflect::get_field<I>(v)); });
  }
  template <class M>
  static void write(io::Writer& w, const T& v) {
    if constexpr (max_bytes<M> != kUnbounded)
      write_bounded<T, M>(w, v);
    else
      reflect::for_each_index<T>(
          [&](auto I) { FS<I>::template write<M>(w, reflect::get_field<I>(v)); });
  }

  template <class M>
  static void read_raw(const std::uint8_t*& p, T& v) {
    reflect::for_each_index<T>(
        [&](auto I) { FS<I>::template read_raw<M>(p, reflect::get_field<I>(v)); });
  }
  template <class M>
  static bool read(io::Reader& r, T& v) {
    if constexpr (M::compatible) {
      return evolve::read_struct<T, M>(r, v);
    } else if constexpr (exact<M>) {
      return read_exact<T, M>(r, v, "struct");
    } else {
      // Only structs can make a type recursive (through a container), so depth is counted here.
      if (!r.enter("struct")) return false;
      bool ok = reflect::all_indices<T>(
          [&](auto I) { return FS<I>::template read<M>(r, reflect::get_field<I>(v)); });
      r.leave();
      return ok;
    }
  }
};

}  // namespace kiln
