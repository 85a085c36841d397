// CodecFacade: the plain codec's API (serialize, serialize_into, deserialize, deserialize_into)
// for a thread-safe facade. The derived class supplies with_codec(f), which runs f on a Codec
// that no other thread touches until f returns; every call here is one such borrow.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "kiln/codec.hpp"

namespace kiln::concurrent {

template <class Derived>
class CodecFacade {
 public:
  // Appends the message for `value` to `out` (see Codec::serialize_into).
  template <class T>
  [[nodiscard]] Status serialize_into(const T& value, std::vector<std::uint8_t>& out) const {
    return self().with_codec([&](Codec& codec) { return codec.serialize_into(value, out); });
  }

  // Returns the message for `value` as a new vector, or why it could not be written.
  template <class T>
  [[nodiscard]] Result<std::vector<std::uint8_t>> serialize(const T& value) const {
    return self().with_codec([&](Codec& codec) { return codec.serialize(value); });
  }

  // Decodes a message into `out`. On error `out` may be partly written.
  template <class T>
  [[nodiscard]] Status deserialize_into(std::span<const std::uint8_t> bytes, T& out) const {
    return self().with_codec([&](Codec& codec) { return codec.deserialize_into(bytes, out); });
  }

  template <class T>
  [[nodiscard]] Result<T> deserialize(std::span<const std::uint8_t> bytes) const {
    return self().with_codec([&](Codec& codec) { return codec.template deserialize<T>(bytes); });
  }

 protected:
  CodecFacade() = default;
  ~CodecFacade() = default;

 private:
  const Derived& self() const noexcept { return static_cast<const Derived&>(*this); }
};

}  // namespace kiln::concurrent
