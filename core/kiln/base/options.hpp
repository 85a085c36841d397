// Codec options and decode limits.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kiln {

// Bounds on what a decoder accepts. Lengths are also always bounded by the bytes left in the
// input (at the element type's smallest encoding), and every container or string a message
// makes the decoder allocate is charged against a per-message allocation budget, so a forged
// length prefix cannot allocate more than a small multiple of the input's size. See the
// "Limits" section of docs/FORMAT.md.
struct Limits {
  // The derived allocation budget: kAllocPerInputByte bytes per input byte plus kAllocBase.
  // 64 covers the largest in-memory size per wire byte of ordinary types (a std::string or
  // vector element is 24-32 bytes for a 1-byte empty encoding; a map node about 36 bytes per
  // byte); only elements whose encoding is empty or tiny next to their memory exceed it.
  static constexpr std::size_t kAllocPerInputByte = 64;
  static constexpr std::size_t kAllocBase = std::size_t{64} << 10;

  std::uint32_t max_depth = 64;  // nested structs/containers
  std::size_t max_string_bytes = std::size_t{1} << 30;
  std::size_t max_collection_length = std::size_t{1} << 28;
  // Shared objects numbered in one message when it tracks references (each is an allocation).
  std::size_t max_references = std::size_t{1} << 20;
  // Accept a shared_ptr back-reference to an object still being read (an owning cycle). Off by
  // default: reference counting never frees such a cycle, so a forged message could leak memory
  // on every decode. Cycles through weak_ptr are always accepted.
  bool allow_owning_cycles = false;
  // The allocation budget: the storage one message may make the decoder allocate, in the
  // format's measure (docs/FORMAT.md 6.5: element counts x the elements' storage, string bytes,
  // objects behind pointers, summed over the message), the same on every platform. 0 = derived
  // from the input length: kAllocPerInputByte x input bytes + kAllocBase.
  std::size_t max_alloc_bytes = 0;

  // The budget for a message of `input_bytes` bytes under these limits.
  constexpr std::size_t alloc_budget(std::size_t input_bytes) const noexcept {
    if (max_alloc_bytes != 0) return max_alloc_bytes;
    constexpr std::size_t kMax = static_cast<std::size_t>(-1);
    if (input_bytes > (kMax - kAllocBase) / kAllocPerInputByte) return kMax;
    return input_bytes * kAllocPerInputByte + kAllocBase;
  }
};

struct Options {
  bool compress_numbers = false;  // varint/zigzag for 32/64-bit integers instead of fixed width
  bool validate_utf8 = true;      // strings must be UTF-8: writers refuse, readers reject others
  // Write each object reached through shared_ptr/weak_ptr once and refer back to it after that,
  // keeping identity and allowing cycles (header flag bit 1). Off: no reference overhead, and
  // an object reached twice is written twice. Readers follow the flag in the message.
  bool track_references = false;
  // Write each distinct string value once per message and refer back to it after that (header
  // flag bit 3): much smaller for messages that repeat strings (like Java's interned strings),
  // at the cost of hashing every string written.
  bool share_strings = false;
  // Write a type table after the header so that other versions of the types can read the
  // message (docs/FORMAT.md section 10). Readers accept both modes whatever this says.
  bool compatible = false;
  // Write the root type's 4-byte schema fingerprint, so that a reader expecting another type
  // rejects the message (docs/FORMAT.md section 4). Off: a 3-byte header (flag bit 4), as small
  // as formats without a schema check, and a message decodes as whatever type the reader asks
  // for if its bytes happen to fit. Readers accept both whatever this says.
  bool fingerprint = true;
  // Write the header (magic, version, flags, fingerprint). Off: the message is the value's bytes
  // alone, as in formats without a header (msgpack, protobuf), and a reader learns the flags from
  // its own options instead of the message: both sides must agree on compress_numbers,
  // track_references, share_strings and compatible, and on the root type, out of band (a framed
  // transport, a key naming the type). Nothing in the bytes can tell a mismatch apart from a
  // corrupt message. Unlike the options above, this one binds readers (docs/FORMAT.md 3.2).
  bool header = true;
  Limits limits{};
};

}  // namespace kiln
