// One frame of a framed stream, as FrameReader returns it.
#pragma once

#include <cstdint>
#include <span>

namespace kiln {

struct Frame {
  // The message's bytes, inside the reader's buffer: valid until the reader's next feed().
  std::span<const std::uint8_t> message;
  // Stream offset of the message's first byte (after the length prefix).
  std::uint64_t offset = 0;
};

}  // namespace kiln
