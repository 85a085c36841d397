// One benchmark case: a peer, a workload value, its encoding, and an object to decode into,
// reused (`deserialize`, `roundtrip`: a `deserialize_into` caller's) or made anew each time
// (`*_fresh`: a `deserialize<T>` caller's, the old object destroyed in the timed region). A
// peer with its own call for a new object (Kiln's `deserialize<T>`, which returns a Result)
// has it timed as it is; the others decode into a value-initialised object, as their users
// would. The Google Benchmark binary and the steady-clock loop harness both time these calls.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"

namespace kiln_bench {

// Room for one object that a function returns, built in place from its result (never copied
// or moved: its bytes are the ones the function wrote).
template <class T>
class Slot {
 public:
  Slot() = default;
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;
  ~Slot() { reset(); }

  template <class Make>
  KILN_BENCH_INLINE T& make(Make&& m) {
    reset();
    T* p = ::new (static_cast<void*>(room_)) T(m());
    full_ = true;
    return *p;
  }
  KILN_BENCH_INLINE void reset() {
    if (full_) std::destroy_at(std::launder(reinterpret_cast<T*>(room_)));
    full_ = false;
  }

 private:
  alignas(T) unsigned char room_[sizeof(T)];
  bool full_ = false;
};

// A peer's own way to a new decoded object, returning something that owns it and says whether
// decoding succeeded (`ok()`).
template <class P, class Value>
concept DecodesFresh = requires(P& p, const std::uint8_t* d, std::size_t n) {
  { p.template deserialize_fresh<Value>(d, n).ok() } -> std::convertible_to<bool>;
};
// What it returns (a placeholder for the others).
template <class P, class Value, bool Own>
struct FreshOf {
  struct type {};
};
template <class P, class Value>
struct FreshOf<P, Value, true> {
  using type = decltype(std::declval<P&>().template deserialize_fresh<Value>(nullptr, 0));
};

template <class P, Workload W>
class Case {
 public:
  using Value = ValueOf<P, W>;

  Case() : value_(P::make(Tag<W>{})) {
    Bytes b = peer_.serialize(value_);
    wire_.assign(b.begin(), b.end());
  }

  // Decodes the encoding once and compares it with the original. Empty on success.
  std::string check() {
    Value back{};
    if (!peer_.deserialize(wire_.data(), wire_.size(), back)) return "deserialize failed";
    if (!peer_equal<P>(back, value_)) return "round trip changed the value";
    if constexpr (requires { back.shares_object(); }) identity_ = back.shares_object();
    // A second encoding must not depend on state left by the first (reused buffers).
    Bytes again = peer_.serialize(value_);
    if (!std::equal(again.begin(), again.end(), wire_.begin(), wire_.end()))
      return "second encoding differs from the first";
    return {};
  }

  std::size_t bytes() const { return wire_.size(); }
  // For TestClass: whether the shared object came back as one object (set by check()).
  bool keeps_identity() const { return identity_; }

  // Each returns something derived from the work so the caller can keep it observable.
  KILN_BENCH_INLINE std::size_t serialize() {
    Bytes b = peer_.serialize(value_);
    return b.size() + b[b.size() / 2];
  }
  KILN_BENCH_INLINE bool deserialize() {
    return peer_.deserialize(wire_.data(), wire_.size(), decoded_);
  }
  KILN_BENCH_INLINE bool roundtrip() {
    Bytes b = peer_.serialize(value_);
    return peer_.deserialize(b.data(), b.size(), decoded_);
  }
  KILN_BENCH_INLINE bool deserialize_fresh() { return decode_fresh(wire_.data(), wire_.size()); }
  KILN_BENCH_INLINE bool roundtrip_fresh() {
    Bytes b = peer_.serialize(value_);
    return decode_fresh(b.data(), b.size());
  }

  const Value& decoded() const { return decoded_; }

 private:
  static constexpr bool kOwnFresh = DecodesFresh<P, Value>;

  KILN_BENCH_INLINE bool decode_fresh(const std::uint8_t* data, std::size_t size) {
    if constexpr (kOwnFresh) {
      return fresh_
          .make([&]() KILN_BENCH_INLINE {
            return peer_.template deserialize_fresh<Value>(data, size);
          })
          .ok();
    } else {
      decoded_ = Value{};
      return peer_.deserialize(data, size, decoded_);
    }
  }
  using Fresh = typename FreshOf<P, Value, kOwnFresh>::type;

  P peer_;
  Value value_;
  Value decoded_{};
  Slot<Fresh> fresh_;
  std::vector<std::uint8_t> wire_;
  bool identity_ = false;
};

}  // namespace kiln_bench
