#include "kiln/codec.hpp"

#include <string>

#include "kiln/wire/read_header.hpp"

namespace kiln {
Status Codec::finish_failed_read(io::Reader& r, bool ok) {
  if (ok)
    r.fail(ErrorCode::kTrailingBytes,
           std::to_string(r.remaining()) + " bytes left after the root value");
  return Status(r.take_error());
}

bool Codec::read_header_checked(io::Reader& r, std::uint32_t fingerprint, std::string_view type,
                                std::uint8_t& flags) {
  return wire::read_header(
      r, wire::HeaderCheck{.fingerprint = &fingerprint, .type_name = type, .needs_table = false},
      flags);
}

}  // namespace kiln
