// The message header (docs/FORMAT.md, "Header"):
//   byte 0     magic 'K' (0x4B)
//   byte 1     format version (1)
//   byte 2     flags: bit 0 compressed numbers; bit 1 reference tracking; bit 2 compatible mode
//              (a type table follows the header); bit 3 shared strings; bit 4 no fingerprint;
//              bits 5-7 must be 0
//   bytes 3-6  schema fingerprint of the root type, u32 little-endian (absent under bit 4)
#pragma once

#include <cstdint>

namespace kiln::detail::wire {

inline constexpr std::uint8_t kMagic = 0x4B;
inline constexpr std::uint8_t kVersion = 1;
inline constexpr std::size_t kHeaderBytes = 7;       // with the fingerprint (the default)
inline constexpr std::size_t kShortHeaderBytes = 3;  // without it (kFlagNoFingerprint)

enum Flags : std::uint8_t {
  kFlagCompressNumbers = 1u << 0,
  kFlagReferenceTracking = 1u << 1,
  kFlagCompatible = 1u << 2,  // a type table follows the header
  kFlagShareStrings = 1u << 3,
  kFlagNoFingerprint = 1u << 4,  // the header ends after the flags byte
};
// Flags this version of the library can read.
inline constexpr std::uint8_t kSupportedFlags = kFlagCompressNumbers | kFlagReferenceTracking |
                                                kFlagCompatible | kFlagShareStrings |
                                                kFlagNoFingerprint;

constexpr std::size_t header_bytes(std::uint8_t flags) noexcept {
  return (flags & kFlagNoFingerprint) ? kShortHeaderBytes : kHeaderBytes;
}

}  // namespace kiln::detail::wire
