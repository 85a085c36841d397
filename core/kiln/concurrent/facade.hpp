// CodecFacade: the plain codec's API (serialize, serialize_into, deserialize, deserialize_into)
// for a thread-safe facade. These four are const members of Codec, which touch no codec state
// (the standard library's rule: const members are safe to call concurrently), so they run on the
// facade's shared prototype with no borrow. Only serialize_view writes codec state (its scratch
// buffer); the derived class supplies that through with_codec(f) and its own members.
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
    return self().prototype().serialize_into(value, out);
  }

  // Returns the message for `value` as a new vector, or why it could not be written.
  template <class T>
  [[nodiscard]] Result<std::vector<std::uint8_t>> serialize(const T& value) const {
    return self().prototype().serialize(value);
  }

  // Decodes a message into `out`. On error `out` may be partly written.
  template <class T>
  [[nodiscard]] Status deserialize_into(std::span<const std::uint8_t> bytes, T& out) const {
    return self().prototype().deserialize_into(bytes, out);
  }

  template <class T>
  [[nodiscard]] Result<T> deserialize(std::span<const std::uint8_t> bytes) const {
    return self().prototype().template deserialize<T>(bytes);
  }

  // As on Codec: a T holding views is not decoded from a temporary vector.
  template <class T>
  requires kiln::detail::holds_views<T> Status deserialize_into(std::vector<std::uint8_t>&& bytes,
                                                                T& out)
  const = delete;
  template <class T>
  requires kiln::detail::holds_views<T> Result<T> deserialize(std::vector<std::uint8_t>&& bytes)
  const = delete;

 protected:
  CodecFacade() = default;
  ~CodecFacade() = default;

 private:
  const Derived& self() const noexcept { return static_cast<const Derived&>(*this); }
};

}  // namespace kiln::concurrent
