// Types with a kiln::Adapter (kiln/adapter.hpp): written as their wire type, so their bytes,
// size facts and fingerprint are the wire type's. A read reads a wire value and gives it to
// from_wire, which may refuse it: kValueOutOfRange at the value's first byte.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "kiln/base/inline.hpp"
#include "kiln/detail/graph/context.hpp"
#include "kiln/detail/reflect/type_name.hpp"
#include "kiln/detail/ser/adapter.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/storage.hpp"
#include "kiln/detail/ser/supported.hpp"

namespace kiln {
namespace detail {

[[gnu::cold, gnu::noinline]] inline bool adapter_rejected(Reader& r, std::size_t at, const Error& e,
                                                          std::string_view type) {
  return r.fail_at(
      at, ErrorCode::kValueOutOfRange,
      e.detail.empty() ? "kiln::Adapter<" + std::string(type) + "> rejected the value" : e.detail);
}

}  // namespace detail

template <class T>
struct Serializer<T, std::enable_if_t<detail::has_adapter<T> && !detail::serialized_by_kiln<T>>> {
  static_assert(detail::adapter_checked<T>(), "kiln: see the kiln::Adapter<T> error above");
  using A = Adapter<T>;
  using W = detail::wire_type_t<T>;
  using SW = Serializer<W>;
  static constexpr bool kRejects = detail::adapter_rejects<T>;

  static constexpr std::size_t min_bytes = SW::min_bytes;
  static constexpr std::size_t storage = detail::serializer_storage<SW, W>;
  template <class M>
  static constexpr std::size_t max_bytes = SW::template max_bytes<M>;
  // Exact (read after one bounds check, with no check per value) only if from_wire takes every
  // wire value.
  template <class M>
  static constexpr bool exact = !kRejects && SW::template exact<M>;

  static constexpr void fingerprint(detail::Hasher& h) { SW::fingerprint(h); }

  template <class M>
  static void write(detail::io::Writer& w, const T& v) {
    if constexpr (kKeepWire) {
      detail::graph::WriteContext* g = w.graph();
      if (g != nullptr && (g->track || g->share_strings)) return write_kept<M>(w, v, *g);
    }
    SW::template write<M>(w, A::to_wire(v));
  }
  template <class M>
  requires(SW::template max_bytes<M> != kUnbounded) KILN_INLINE
      static void write_raw(std::uint8_t*& p, const T& v) {
    SW::template write_raw<M>(p, A::to_wire(v));
  }
  template <class M>
  requires requires(std::uint8_t* p, const W& w) {
    { SW::template write_checked<M>(p, p, w) } -> std::same_as<std::uint8_t*>;
  }
  KILN_INLINE static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end, const T& v) {
    return SW::template write_checked<M>(p, end, A::to_wire(v));
  }

  template <class M>
  static bool read(detail::Reader& r, T& v) {
    const std::size_t at = r.offset();
    W w{};
    if (!SW::template read<M>(r, w)) return false;
    if constexpr (kRejects) {
      Status s = A::from_wire(std::move(w), v);
      if (!s) [[unlikely]]
        return detail::adapter_rejected(r, at, s.error(), detail::reflect::type_name<T>);
    } else {
      A::from_wire(std::move(w), v);
    }
    return true;
  }
  template <class M>
  requires(exact<M>) KILN_INLINE static void read_raw(const std::uint8_t*& p, T& v) {
    W w{};
    SW::template read_raw<M>(p, w);
    A::from_wire(std::move(w), v);
  }

  // The flat path: a rejected value is rejected here too, and the general path then says why.
  static constexpr std::uint32_t checked_depth = [] {
    if constexpr (requires { SW::checked_depth; })
      return SW::checked_depth;
    else
      return std::uint32_t{0};
  }();
  template <class M>
  requires detail::CheckedRead<W, M> KILN_INLINE static bool read_checked(const std::uint8_t*& p,
                                                                          const std::uint8_t* end,
                                                                          T& v) {
    W w{};
    if (!SW::template read_checked<M>(p, end, w)) return false;
    if constexpr (kRejects) {
      return A::from_wire(std::move(w), v).has_value();
    } else {
      A::from_wire(std::move(w), v);
      return true;
    }
  }

 private:
  // With shared strings or tracked references the message's tables point into what was written
  // (graph/context.hpp) until the message is done: a wire value that to_wire made and that owns
  // storage is kept alive until then. One that to_wire returns by reference lives in the value.
  static constexpr bool kKeepWire =
      !std::is_reference_v<decltype(A::to_wire(std::declval<const T&>()))> &&
      !std::is_trivially_destructible_v<W>;
  template <class M>
  [[gnu::noinline]] static void write_kept(detail::io::Writer& w, const T& v,
                                           detail::graph::WriteContext& g) {
    auto kept = std::make_shared<const W>(A::to_wire(v));
    SW::template write<M>(w, *kept);
    g.wire_values.push_back(std::move(kept));
  }
};

}  // namespace kiln
