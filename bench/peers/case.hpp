// One benchmark case: a peer, a workload value, its encoding, and an object to decode into,
// reused (`deserialize`, `roundtrip`: a `deserialize_into` caller's) or made anew each time
// (`*_fresh`: a `deserialize<T>` caller's, the old object destroyed in the timed region). The
// Google Benchmark binary and the steady-clock loop harness both time these calls.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common.hpp"

namespace kiln_bench {

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
  KILN_BENCH_INLINE bool deserialize_fresh() {
    decoded_ = Value{};
    return peer_.deserialize(wire_.data(), wire_.size(), decoded_);
  }
  KILN_BENCH_INLINE bool roundtrip_fresh() {
    Bytes b = peer_.serialize(value_);
    decoded_ = Value{};
    return peer_.deserialize(b.data(), b.size(), decoded_);
  }

  const Value& decoded() const { return decoded_; }

 private:
  P peer_;
  Value value_;
  Value decoded_{};
  std::vector<std::uint8_t> wire_;
  bool identity_ = false;
};

}  // namespace kiln_bench
