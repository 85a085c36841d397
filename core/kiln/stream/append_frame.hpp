// Writing frames into a buffer: a length prefix, then the message (docs/FORMAT.md section 11).
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "kiln/base/result.hpp"
#include "kiln/codec.hpp"
#include "kiln/stream/frame_limits.hpp"
#include "kiln/stream/prefix.hpp"

namespace kiln {

// Appends `message` to `out` as one frame. A message longer than limits.max_frame_bytes is
// kLengthTooLarge (offset 0), and `out` is left as it was.
[[nodiscard]] Status append_frame(std::span<const std::uint8_t> message,
                                  std::vector<std::uint8_t>& out, FrameLimits limits = {});

// Serializes `value` with `codec` and appends the message to `out` as one frame, with no copy
// of the message beyond moving it down by the prefix's spare bytes. Fails with the codec's
// error or, for a message longer than limits.max_frame_bytes, kLengthTooLarge (offset 0); `out`
// is then left as it was.
template <class T>
[[nodiscard]] Status append_frame(const Codec& codec, const T& value,
                                  std::vector<std::uint8_t>& out, FrameLimits limits = {}) {
  namespace s = detail::stream;
  // Room for the longest prefix, then the message right after it: the message's length is known
  // only once it is written.
  const std::size_t start = out.size();
  out.resize(start + s::kMaxPrefixBytes);
  const std::size_t body = start + s::kMaxPrefixBytes;
  if (Status st = codec.serialize_into(value, out); !st) [[unlikely]] {
    out.resize(start);
    return st;
  }
  const std::size_t n = out.size() - body;
  if (n > s::max_frame(limits)) [[unlikely]] {
    out.resize(start);
    return s::frame_too_large(n, s::max_frame(limits), 0);
  }
  std::uint8_t* const prefix_end = detail::io::put_varint(out.data() + start, n);
  const std::size_t spare = static_cast<std::size_t>(out.data() + body - prefix_end);
  if (spare != 0) {
    std::memmove(prefix_end, out.data() + body, n);
    out.resize(out.size() - spare);
  }
  return Status();
}

}  // namespace kiln
