// Writing frames to a sink with std::ostream's write(const char*, std::streamsize).
#pragma once

#include <cstdint>
#include <ios>
#include <span>
#include <type_traits>

#include "kiln/base/result.hpp"
#include "kiln/codec.hpp"
#include "kiln/stream/frame_limits.hpp"
#include "kiln/stream/prefix.hpp"

namespace kiln {

template <class Sink>
concept FrameSink = requires(Sink& sink, const char* p, std::streamsize n) {
  sink.write(p, n);
};

// Serializes `value` into the codec's reused buffer (serialize_view: no allocation once it has
// grown) and writes it to `sink` as one frame. Fails with the codec's error; for a message longer
// than limits.max_frame_bytes with kLengthTooLarge (offset 0), writing nothing; and when the sink
// reports failure after the write (a sink that converts to bool, as a stream whose badbit or
// failbit is set) with kTruncated (offset 0): the stream it holds may end inside this frame,
// which its reader would call truncated.
template <class T, FrameSink Sink>
[[nodiscard]] Status write_frame(Codec& codec, const T& value, Sink& sink,
                                 FrameLimits limits = {}) {
  namespace s = detail::stream;
  Result<std::span<const std::uint8_t>> message = codec.serialize_view(value);
  if (!message) [[unlikely]]
    return Status(message.error());
  const std::size_t n = message->size();
  if (n > s::max_frame(limits)) [[unlikely]]
    return s::frame_too_large(n, s::max_frame(limits), 0);
  std::uint8_t prefix[s::kMaxPrefixBytes];
  const std::uint8_t* const prefix_end = detail::io::put_varint(prefix, n);
  sink.write(reinterpret_cast<const char*>(prefix),
             static_cast<std::streamsize>(prefix_end - prefix));
  sink.write(reinterpret_cast<const char*>(message->data()), static_cast<std::streamsize>(n));
  if constexpr (std::is_constructible_v<bool, Sink&>) {
    if (!static_cast<bool>(sink)) [[unlikely]]
      return s::sink_failed();
  }
  return Status();
}

}  // namespace kiln
