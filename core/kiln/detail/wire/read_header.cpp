#include "kiln/detail/wire/read_header.hpp"

#include <cstdio>
#include <string>

#include "kiln/detail/wire/header.hpp"

namespace kiln::detail::wire {
namespace {
std::string hex32(std::uint32_t v) {
  char buf[11];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}
}  // namespace

bool read_header(io::Cursor& r, const HeaderCheck& check, std::uint8_t& flags) {
  if (!r.need(kShortHeaderBytes, "message header")) return false;
  const std::uint8_t* p = r.cursor();
  if (p[0] != kMagic)
    return r.fail(ErrorCode::kBadMagic,
                  "first byte is " + std::to_string(p[0]) + ", expected 75 ('K')");
  if (p[1] != kVersion)
    return r.fail_at(
        1, ErrorCode::kBadVersion,
        "message has format version " + std::to_string(p[1]) + ", this reader reads 1");
  flags = p[2];
  if (flags & ~kSupportedFlags)
    return r.fail_at(
        2, ErrorCode::kBadFlags,
        "flags byte " + std::to_string(flags) + " has bits this reader does not support");
  if (check.needs_table && !(flags & kFlagCompatible))
    return r.fail_at(2, ErrorCode::kBadFlags,
                     "flags byte " + std::to_string(flags) +
                         ": a schema-consistent message has no type table to read it by");
  if (!(flags & kFlagNoFingerprint)) {
    if (!r.need(kHeaderBytes, "message header")) return false;
    const std::uint32_t got = io::load_le<std::uint32_t>(p + 3);
    if (check.fingerprint && got != *check.fingerprint && !(flags & kFlagCompatible))
      return r.fail_at(3, ErrorCode::kSchemaMismatch,
                       "message schema fingerprint is " + hex32(got) + " but " +
                           std::string(check.type_name) + " has " + hex32(*check.fingerprint));
  }
  r.advance_to(p + header_bytes(flags));
  return true;
}

}  // namespace kiln::detail::wire
