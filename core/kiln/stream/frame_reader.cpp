#include "kiln/stream/frame_reader.hpp"

#include "kiln/stream/prefix.hpp"

namespace kiln {

namespace s = detail::stream;

void FrameReader::feed(std::span<const std::uint8_t> chunk) {
  if (pos_ != 0) {
    buffer_.erase(buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(pos_));
    base_ += pos_;
    frontier_ -= pos_;
    pos_ = 0;
  }
  // Past the first error nothing is read, so nothing is kept; a failed reader with no frames
  // left to return lets its buffer go.
  if (error_) {
    buffer_.resize(frontier_);
    if (buffer_.empty()) std::vector<std::uint8_t>().swap(buffer_);
    return;
  }
  if (chunk.empty()) return;
  buffer_.insert(buffer_.end(), chunk.begin(), chunk.end());
  scan();
}

void FrameReader::scan() {
  const std::uint64_t max = s::max_frame(limits_);
  while (true) {
    const std::size_t left = buffer_.size() - frontier_;
    const s::Prefix p = s::read_prefix(buffer_.data() + frontier_, left);
    if (p.state == s::PrefixState::kNeedMore) return;
    if (p.state == s::PrefixState::kOverflow)
      error_ = s::prefix_overflow(base_ + frontier_);
    else if (p.length > max)
      error_ = s::frame_too_large(p.length, max, base_ + frontier_);
    else if (left - p.bytes < p.length)
      return;  // the payload is still arriving
    if (error_) {
      buffer_.resize(frontier_);  // the bad frame and whatever came after it
      return;
    }
    frontier_ += p.bytes + p.length;
  }
}

Result<std::optional<Frame>> FrameReader::next() {
  if (pos_ == frontier_) {
    if (error_) return *error_;
    return std::optional<Frame>();
  }
  // A frame before frontier_ is complete and its prefix valid (scan checked both).
  const s::Prefix p = s::read_prefix(buffer_.data() + pos_, frontier_ - pos_);
  const std::size_t message = pos_ + p.bytes;
  pos_ = message + p.length;
  return std::optional<Frame>(Frame{{buffer_.data() + message, p.length}, base_ + message});
}

Status FrameReader::finish() const {
  if (error_) return *error_;
  if (frontier_ != buffer_.size())
    return s::frame_truncated(base_ + frontier_, buffer_.size() - frontier_);
  return Status();
}

Status FrameReader::fail_message(const Error& e, std::uint64_t message_offset) {
  Error in_stream = s::in_stream(e, message_offset);
  if (!failed()) {
    error_ = in_stream;
    frontier_ = pos_;
  }
  return in_stream;
}

}  // namespace kiln
