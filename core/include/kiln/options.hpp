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
  // Write a type table after the header so that other versions of the types can read the
  // message (docs/FORMAT.md section 9). Readers accept both modes whatever this says.
  bool compatible = false;
  Limits limits{};
};

}  // namespace kiln
