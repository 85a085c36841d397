// Reads a struct of a compatible-mode message whose type differs from the reader's, following
// the Plan bound for it: matched fields are read into place, unknown ones skipped, missing ones
// reset to their default. Only used when the message's table differs from the reader's own;
// otherwise the body is read exactly as in schema-consistent mode.
#pragma once

#include <array>
#include <optional>
#include <tuple>

#include "kiln/detail/evolve/describe.hpp"
#include "kiln/detail/evolve/read_context.hpp"
#include "kiln/detail/reflect/fields.hpp"
#include "kiln/detail/reflect/type_name.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln::detail::evolve {
namespace detail {

template <class T, class M, std::size_t I>
bool read_field(Reader& r, T& v) {
  return Serializer<reflect::field_type<T, I>>::template read<M>(r, reflect::get_field<I>(v));
}
template <class T, std::size_t I>
using base_t = std::tuple_element_t<I, reflect::bases_of<T>>;
template <class T, class M, std::size_t I>
bool read_base(Reader& r, T& v) {
  return Serializer<base_t<T, I>>::template read<M>(r, static_cast<base_t<T, I>&>(v));
}

template <class T, std::size_t I>
void reset_field(T& v) {
  using F = reflect::field_type<T, I>;
  if constexpr (kiln::detail::is_instance_v<F, std::optional>)
    reflect::get_field<I>(v).reset();  // g++ 12 -O2 warns on assigning an empty optional<struct>
  else
    reflect::get_field<I>(v) = F{};
}
// A base the message lacks: its fields, and its bases', each to their default (the base itself
// may be abstract, so it is not assigned as a whole).
template <class T>
void reset_struct(T& v);
template <class T, std::size_t I>
void reset_base(T& v) {
  reset_struct(static_cast<base_t<T, I>&>(v));
}

// A struct's members as its table entry lists them: its bases first, then its own fields.
template <class T, class M>
inline constexpr auto field_readers = [
]<std::size_t... B, std::size_t... I>(std::index_sequence<B...>, std::index_sequence<I...>) {
  return std::array<bool (*)(Reader&, T&), sizeof...(B) + sizeof...(I)>{&read_base<T, M, B>...,
                                                                        &read_field<T, M, I>...};
}
(std::make_index_sequence<std::tuple_size_v<reflect::bases_of<T>>>{},
 std::make_index_sequence<reflect::field_count<T>>{});

template <class T>
inline constexpr auto field_resetters = [
]<std::size_t... B, std::size_t... I>(std::index_sequence<B...>, std::index_sequence<I...>) {
  return std::array<void (*)(T&), sizeof...(B) + sizeof...(I)>{&reset_base<T, B>...,
                                                               &reset_field<T, I>...};
}
(std::make_index_sequence<std::tuple_size_v<reflect::bases_of<T>>>{},
 std::make_index_sequence<reflect::field_count<T>>{});

template <class T>
void reset_struct(T& v) {
  for (auto reset : field_resetters<T>) reset(v);
}

}  // namespace detail

template <class T, class M>
bool read_struct(Reader& r, T& v) {
  ReadContext* ctx = r.evolve_context();
  const Plan* plan = ctx ? ctx->plan_for(&type_tag<T>) : nullptr;
  if (!plan) [[unlikely]]
    return r.fail(ErrorCode::kSchemaMismatch,
                  "no type of the message is matched with " + std::string(reflect::type_name<T>));
  if (!r.enter("struct")) return false;
  for (const Plan::Step& s : plan->steps) {
    bool ok = s.local >= 0
                  ? detail::field_readers<T, M>[static_cast<std::size_t>(s.local)](r, v)
                  : walk_value(r, ctx->wire(), s.type, M::compress, nullptr, ctx->skip_budget());
    if (!ok) return false;
  }
  for (std::uint32_t i : plan->missing) detail::field_resetters<T>[i](v);
  r.leave();
  return true;
}

}  // namespace kiln::detail::evolve
