#include <string>
#include <utility>

#include "kiln/stream/prefix.hpp"

namespace kiln::detail::stream {

Error frame_too_large(std::uint64_t length, std::uint64_t max, std::uint64_t at) {
  return Error{ErrorCode::kLengthTooLarge, error_offset(at),
               "frame of " + std::to_string(length) + " bytes exceeds the limit of " +
                   std::to_string(max) + " (FrameLimits::max_frame_bytes)"};
}

Error prefix_overflow(std::uint64_t at) {
  return Error{ErrorCode::kVarintOverflow, error_offset(at),
               "frame length prefix is longer than a 32-bit varint allows"};
}

Error frame_truncated(std::uint64_t at, std::size_t have) {
  return Error{ErrorCode::kTruncated, error_offset(at),
               "stream ended inside a frame, after " + std::to_string(have) + " of its bytes"};
}

Error sink_failed() {
  return Error{ErrorCode::kTruncated, 0, "the sink failed while the frame was written"};
}

Error in_stream(Error e, std::uint64_t message_offset) {
  e.offset = error_offset(message_offset + e.offset);
  return e;
}

}  // namespace kiln::detail::stream
