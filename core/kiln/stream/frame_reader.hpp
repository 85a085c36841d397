// Reading a framed stream (docs/FORMAT.md section 11) from chunks of any size, as they arrive.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "kiln/base/error.hpp"
#include "kiln/base/result.hpp"
#include "kiln/codec.hpp"
#include "kiln/stream/frame.hpp"
#include "kiln/stream/frame_limits.hpp"

namespace kiln {

// Cuts a stream into frames:
//
//   reader.feed(chunk);
//   while (true) {
//     Result<std::optional<Frame>> f = reader.next();
//     if (!f) return f.error();        // the stream is corrupt: it ends here
//     if (!*f) break;                  // wait for the next chunk
//     Status s = reader.decode(codec, **f, value);
//   }
//   ... at the end of the stream: reader.finish()
//
// Errors carry stream offsets (from the stream's first byte). After the first error the reader
// is failed: next() and finish() return that error from then on, and feed() drops its input.
class FrameReader {
 public:
  using Frame = kiln::Frame;

  explicit FrameReader(FrameLimits limits = {}) : limits_(limits) {}

  // Appends the stream's next bytes. Drops the frames next() has returned (their spans end here)
  // and keeps only the frames not yet returned and the incomplete one. A length prefix is
  // checked as soon as it is complete, so nothing past a frame that is too long or malformed
  // is kept.
  void feed(std::span<const std::uint8_t> chunk);

  // The next complete frame; std::nullopt while its bytes have not all arrived; or the stream's
  // error: kLengthTooLarge or kVarintOverflow at the frame's first byte for a bad prefix, or the
  // error that decode() failed with.
  [[nodiscard]] Result<std::optional<Frame>> next();

  // At the end of the stream: kOk if it ended between frames; kTruncated at the first byte of a
  // frame it ended inside; or the first error in the bytes fed (even one next() has not reached).
  [[nodiscard]] Status finish() const;

  // Stream offset of the next frame next() will return (or of the incomplete one).
  std::uint64_t offset() const noexcept { return base_ + pos_; }

  // Decodes a frame's message into `out`. An error's offset is moved to the stream (message
  // offset + frame.offset), and unless the reader has failed already, it fails the reader: a
  // corrupt message ends its stream. A T holding views (std::string_view, byte spans) points
  // into the frame, so it is valid only until the next feed(), as the frame is.
  template <class T>
  [[nodiscard]] Status decode(const Codec& codec, const Frame& frame, T& out) {
    Status s = codec.deserialize_into(frame.message, out);
    if (!s) [[unlikely]]
      return fail_message(s.error(), frame.offset);
    return s;
  }

 private:
  // Moves frontier_ over the complete frames after it; stops at an incomplete or bad one.
  void scan();
  Status fail_message(const Error& e, std::uint64_t message_offset);
  bool failed() const noexcept { return error_.has_value() && pos_ == frontier_; }

  FrameLimits limits_;
  // buffer_[0, pos_) are frames next() has returned; [pos_, frontier_) complete frames not yet
  // returned; [frontier_, size) the start of an incomplete frame.
  std::vector<std::uint8_t> buffer_;
  std::size_t pos_ = 0;
  std::size_t frontier_ = 0;
  std::uint64_t base_ = 0;  // stream offset of buffer_[0]
  // The stream's first error, at frontier_ (next() reaches it after the frames before it).
  std::optional<Error> error_;
};

}  // namespace kiln
