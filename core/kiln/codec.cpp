#include "kiln/codec.hpp"

#include <string>

#include "kiln/detail/wire/read_header.hpp"

namespace kiln {
Status Codec::finish_failed_read(detail::Reader& r, bool ok) {
  if (ok)
    r.fail(ErrorCode::kTrailingBytes,
           std::to_string(r.remaining()) + " bytes left after the root value");
  return Status(r.take_error());
}

Status Codec::not_describable(std::string_view type) {
  return Error{
      ErrorCode::kUnsupportedOption, 0,
      "compatible mode has no type descriptor for " + std::string(type) +
          " or a type inside it (polymorphic pointers and hand-written serializers have none, "
          "and a "
          "kiln::Value at the root describes itself); write it with compatible = false"};
}

bool Codec::read_header_checked(detail::Reader& r, std::uint32_t fingerprint, std::string_view type,
                                std::uint8_t& flags) {
  return detail::wire::read_header(
      r,
      detail::wire::HeaderCheck{
          .fingerprint = &fingerprint, .type_name = type, .needs_table = false},
      flags);
}

}  // namespace kiln
