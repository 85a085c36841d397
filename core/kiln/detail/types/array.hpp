// std::array<T, N>: the N elements, no length (the schema fixes it).
#pragma once

#include <array>

#include "kiln/base/inline.hpp"
#include "kiln/detail/types/sequence.hpp"

namespace kiln {

template <class T>
struct Serializer<T, std::enable_if_t<detail::is_std_array<T>::value>> {
  using E = typename T::value_type;
  static constexpr std::size_t N = std::tuple_size_v<T>;
  using ES = Serializer<E>;
  static constexpr std::size_t min_bytes = ES::min_bytes * N;
  static constexpr std::size_t storage = detail::mul_bytes(detail::storage_of<E>, N);
  template <class M>
  static constexpr std::size_t max_bytes = detail::mul_bytes(ES::template max_bytes<M>, N);
  template <class M>
  static constexpr bool exact = N == 0 || ES::template exact<M>;

  static constexpr void fingerprint(detail::Hasher& h) {
    h.add("arr");
    h.add_number(N);
    ES::fingerprint(h);
  }

  template <class M>
  KILN_INLINE static void write_raw(std::uint8_t*& p, const T& v) {
    if constexpr (detail::bulk_copyable<E, M>) {
      if constexpr (N > 0) std::memcpy(p, v.data(), N * sizeof(E));
      p += N * sizeof(E);
    } else if constexpr (N > 0) {
      for (const auto& e : v) ES::template write_raw<M>(p, e);
    }
  }
  template <class M>
  static void write(detail::io::Writer& w, const T& v) {
    if constexpr (max_bytes<M> != kUnbounded)
      detail::write_bounded<T, M>(w, v);
    else
      for (const auto& e : v) ES::template write<M>(w, e);
  }

  template <class M>
  static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end, const T& v) {
    for (auto it = v.begin(); it != v.end() && p; ++it) p = detail::write_into<M>(p, end, *it);
    return p;
  }

  template <class M>
  KILN_INLINE static void read_raw(const std::uint8_t*& p, T& v) {
    if constexpr (detail::bulk_copyable<E, M>) {
      if constexpr (N > 0) std::memcpy(v.data(), p, N * sizeof(E));
      p += N * sizeof(E);
    } else if constexpr (N > 0) {
      for (auto& e : v) ES::template read_raw<M>(p, e);
    }
  }
  template <class M>
  static bool read(detail::Reader& r, T& v) {
    if constexpr (exact<M>) {
      return detail::read_exact<T, M>(r, v, "array");
    } else {
      for (auto& e : v)
        if (!ES::template read<M>(r, e)) return false;
      return true;
    }
  }
  static constexpr std::uint32_t checked_depth = [] {
    if constexpr (requires { ES::checked_depth; })
      return ES::checked_depth;
    else
      return 0u;
  }();
  template <class M>
  requires detail::CheckedRead<E, M> KILN_INLINE static bool read_checked(const std::uint8_t*& p,
                                                                          const std::uint8_t* end,
                                                                          T& v) {
    if constexpr (exact<M>) {
      return detail::read_exact_checked<T, M>(p, end, v);
    } else {
      for (auto& e : v)
        if (!ES::template read_checked<M>(p, end, e)) return false;
      return true;
    }
  }
};

}  // namespace kiln
