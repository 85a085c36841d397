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
};

struct Options {
  bool compress_numbers = false;  // varint/zigzag for 32/64-bit integers instead of fixed width
  bool validate_utf8 = true;      // reject strings that are not UTF-8 when decoding
  bool track_references = false;  // header flag bit 1: shared and cyclic containers in kiln::Value
  Limits limits{};
};

}  // namespace kiln
