// Codec options and decode limits.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kiln {

// Bounds on what a decoder accepts. Lengths are also always bounded by the bytes left in the
// input, so a forged length prefix cannot cause an allocation larger than the message could fill.
struct Limits {
  std::uint32_t max_depth = 64;  // nested structs/containers
  std::size_t max_string_bytes = std::size_t{1} << 30;
  std::size_t max_collection_length = std::size_t{1} << 28;
  // Shared objects numbered in one message when it tracks references (each is an allocation).
  std::size_t max_references = std::size_t{1} << 20;
};

struct Options {
  bool compress_numbers = false;  // varint/zigzag for 32/64-bit integers instead of fixed width
  bool validate_utf8 = true;      // reject strings that are not UTF-8 when decoding
  // Write each object reached through shared_ptr/weak_ptr once and refer back to it after that,
  // keeping identity and allowing cycles (header flag bit 1). Off: no reference overhead, and
  // an object reached twice is written twice. Readers follow the flag in the message.
  bool track_references = false;
  // Write each distinct string value once per message and refer back to it after that (header
  // flag bit 3): much smaller for messages that repeat strings (like Java's interned strings),
  // at the cost of hashing every string written.
  bool share_strings = false;
  Limits limits{};
};

}  // namespace kiln
