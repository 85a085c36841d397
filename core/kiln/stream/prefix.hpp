// A frame's length prefix: an unsigned 32-bit varint (docs/FORMAT.md 6.2 and 11).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include "kiln/base/error.hpp"
#include "kiln/detail/io/varint.hpp"
#include "kiln/stream/frame_limits.hpp"

namespace kiln::detail::stream {

// Written with io::put_varint, the format's one varint writer.
inline constexpr std::size_t kMaxPrefixBytes = io::kMaxVarint32;

// The largest frame `limits` lets through, capped at what a 32-bit prefix can announce.
constexpr std::uint64_t max_frame(const FrameLimits& limits) noexcept {
  constexpr std::uint64_t kPrefixMax = std::numeric_limits<std::uint32_t>::max();
  return limits.max_frame_bytes < kPrefixMax ? limits.max_frame_bytes : kPrefixMax;
}

enum class PrefixState : std::uint8_t { kComplete, kNeedMore, kOverflow };

struct Prefix {
  PrefixState state = PrefixState::kNeedMore;
  std::uint8_t bytes = 0;    // the prefix's length, when complete
  std::uint32_t length = 0;  // the frame's length, when complete
};

// Reads a prefix from the n bytes at p. Unlike io::get_varint it tells "the bytes so far are a
// valid start" (wait for more) from "no continuation can make this valid" (overflow).
inline Prefix read_prefix(const std::uint8_t* p, std::size_t n) noexcept {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < kMaxPrefixBytes; ++i) {
    if (i == n) return {};
    const std::uint8_t b = p[i];
    if (i == kMaxPrefixBytes - 1 && b > 0x0F) return {PrefixState::kOverflow};
    v |= static_cast<std::uint32_t>(b & 0x7f) << (7 * i);
    if (b < 0x80) return {PrefixState::kComplete, static_cast<std::uint8_t>(i + 1), v};
  }
  return {PrefixState::kOverflow};  // not reached: the 5th byte is <= 0x0F or an overflow
}

// A stream offset as an Error's offset (a size_t: 32 bits in wasm, where it saturates).
constexpr std::size_t error_offset(std::uint64_t stream_offset) noexcept {
  constexpr std::uint64_t kMax = std::numeric_limits<std::size_t>::max();
  return static_cast<std::size_t>(stream_offset < kMax ? stream_offset : kMax);
}

// The errors of the stream layer, built out of line.
Error frame_too_large(std::uint64_t length, std::uint64_t max, std::uint64_t at);
Error prefix_overflow(std::uint64_t at);
Error frame_truncated(std::uint64_t at, std::size_t have);
Error sink_failed();
// `e`, a message's error, with its offset moved from the message's first byte to the stream's.
Error in_stream(Error e, std::uint64_t message_offset);

}  // namespace kiln::detail::stream
