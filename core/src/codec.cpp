#include "kiln/codec.hpp"

#include <cstdio>

namespace kiln {
namespace {
std::string hex32(std::uint32_t v) {
  char buf[11];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}
}  // namespace

bool Codec::read_header_checked(io::Reader& r, std::uint32_t fingerprint, std::string_view type,
                                std::uint8_t& flags) {
  if (!r.need(wire::kShortHeaderBytes, "message header")) return false;
  const std::uint8_t* p = r.cursor();
  if (p[0] != wire::kMagic)
    return r.fail(ErrorCode::kBadMagic,
                  "first byte is " + std::to_string(p[0]) + ", expected 75 ('K')");
  if (p[1] != wire::kVersion)
    return r.fail_at(
        1, ErrorCode::kBadVersion,
        "message has format version " + std::to_string(p[1]) + ", this reader reads 1");
  flags = p[2];
  if (flags & ~wire::kSupportedFlags)
    return r.fail_at(
        2, ErrorCode::kBadFlags,
        "flags byte " + std::to_string(flags) + " has bits this reader does not support");
  if (flags & wire::kFlagNoFingerprint) {
    r.advance_to(p + wire::kShortHeaderBytes);
    return true;
  }
  if (!r.need(wire::kHeaderBytes, "message header")) return false;
  std::uint32_t got = io::load_le<std::uint32_t>(p + 3);
  // In compatible mode the fingerprint is the writer's, for information: the type table decides.
  if (got != fingerprint && !(flags & wire::kFlagCompatible))
    return r.fail_at(3, ErrorCode::kSchemaMismatch,
                     "message schema fingerprint is " + hex32(got) + " but " + std::string(type) +
                         " has " + hex32(fingerprint));
  r.advance_to(p + wire::kHeaderBytes);
  return true;
}

}  // namespace kiln
